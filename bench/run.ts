/**
 * `npm run bench`: every benchmark, each beside its baseline measured in the same run.
 * Prints the figures and writes bench/results/latest.md (and .json). Not a test: it passes
 * or fails nothing, it measures.
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchEntries, P99_TARGET_MS, reportEntries, SPEEDUP_TARGET } from './entries.ts';
import { root } from './lib/processes.ts';
import { benchPublicPage, reportPublicPage } from './public-page.ts';
import { benchWheel, reportWheel } from './wheel.ts';

const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);

console.log('Building the client...');
execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const sections: string[] = [`# Benchmark results\n\n${new Date().toISOString()} on ${machine}.\n`];
const json: Record<string, unknown> = { date: new Date().toISOString(), machine };

if (wants('public-page')) {
  console.log('\n== Public entry page (issue 3, item 8)');
  const result = await benchPublicPage();
  const lines = reportPublicPage(result);
  lines.forEach((line) => console.log(line));
  sections.push('## Public entry page\n', ...lines.map((line) => `- ${line}`), '');
  json.publicPage = result;
}

if (wants('entries')) {
  console.log('\n== Entry throughput on one hot contest (issue 3, item 9)');
  const results = await benchEntries();
  const lines = [
    ...reportEntries(results),
    `targets: PostgreSQL >= ${SPEEDUP_TARGET}x baseline with p99 < ${P99_TARGET_MS} ms`,
  ];
  lines.forEach((line) => console.log(line));
  sections.push(
    '## Entry throughput (POST entry, one contest, 50 connections, unique e-mails)\n',
    ...lines.map((line) => `- ${line}`),
    '',
  );
  json.entries = results.map(({ load, ...rest }) => ({
    ...rest,
    load: { ...load, acknowledged: load.acknowledged.size },
  }));
}

if (wants('wheel')) {
  console.log('\n== The wheel (issue 4, item 5)');
  const results = await benchWheel();
  const lines = reportWheel(results);
  lines.forEach((line) => console.log(line));
  sections.push(
    '## The wheel (headless Chromium, 840 px canvas)\n',
    ...lines.map((line) => `- ${line}`),
    '',
  );
  json.wheel = results;
}

mkdirSync(`${root}/bench/results`, { recursive: true });
writeFileSync(`${root}/bench/results/latest.md`, `${sections.join('\n')}\n`);
writeFileSync(`${root}/bench/results/latest.json`, `${JSON.stringify(json, null, 2)}\n`);
console.log('\nWritten to bench/results/latest.md');
