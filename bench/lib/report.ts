import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { root } from './processes.ts';

export type Section = {
  /** The key of its figures in latest.json. */
  key: string;
  /** Its `## ` heading in latest.md. */
  heading: string;
  lines: string[];
  data: unknown;
};

const resultsDir = `${root}/bench/results`;

/** The sections of the previous latest.md by heading, each with its own "Measured" stamp. */
function previousSections(): Map<string, string> {
  const file = `${resultsDir}/latest.md`;
  if (!existsSync(file)) return new Map();
  const chunks = readFileSync(file, 'utf8')
    .split(/^(?=## )/m)
    .slice(1);
  return new Map(
    chunks.map((chunk) => {
      const heading = chunk.split('\n', 1)[0]!;
      return [heading, chunk.slice(heading.length).trim()];
    }),
  );
}

/**
 * Writes bench/results/latest.md and .json. `npm run bench -- big-data` measures one benchmark:
 * the others' last figures are kept (each section says when it was measured), not erased.
 */
export function writeReport(stamp: string, sections: Section[]): void {
  const markdown = previousSections();
  for (const section of sections) {
    const lines = section.lines.map((line) => `- ${line}`).join('\n');
    markdown.set(`## ${section.heading}`, `Measured ${stamp}.\n\n${lines}`);
  }
  const jsonFile = `${resultsDir}/latest.json`;
  const json = existsSync(jsonFile)
    ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, unknown>)
    : {};
  const measured = (json.measured ?? {}) as Record<string, string>;
  for (const section of sections) {
    json[section.key] = section.data;
    measured[section.key] = stamp;
  }
  json.measured = measured;

  const body = [...markdown].map(([heading, text]) => `${heading}\n\n${text}\n`).join('\n');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}/latest.md`, `# Benchmark results\n\n${body}`);
  writeFileSync(jsonFile, `${JSON.stringify(json, null, 2)}\n`);
}
