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
const MEASURED = /^Measured (.+)\.$/m;

/** The sections of a previous latest.md, each stamped with when it was measured. */
function previousSections(): Map<string, string> {
  const file = `${resultsDir}/latest.md`;
  if (!existsSync(file)) return new Map();
  const text = readFileSync(file, 'utf8');
  // Reports written before sections carried their own stamp have one for the whole file.
  const fileStamp = /^(\d{4}-\S+ on .+)\.$/m.exec(text)?.[1];
  const sections = new Map<string, string>();
  for (const chunk of text.split(/^(?=## )/m).slice(1)) {
    const heading = chunk.split('\n', 1)[0]!;
    const body = chunk.slice(heading.length).trim();
    const stamped = MEASURED.test(body) || !fileStamp ? body : `Measured ${fileStamp}.\n\n${body}`;
    sections.set(heading, stamped);
  }
  return sections;
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
  // One date for the whole file no longer holds once sections come from different runs.
  delete json.date;
  delete json.machine;

  const body = [...markdown].map(([heading, text]) => `${heading}\n\n${text}\n`).join('\n');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}/latest.md`, `# Benchmark results\n\n${body}`);
  writeFileSync(jsonFile, `${JSON.stringify(json, null, 2)}\n`);
}
