/**
 * `npm run bench`: every benchmark, each beside its baseline measured in the same run.
 * Prints the figures and writes bench/results/latest.md (and .json); naming benchmarks
 * (`npm run bench -- big-data`) runs only those and keeps the others' last figures. Not a test:
 * it passes or fails nothing, it measures.
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { benchBigData, reportBigData } from './big-data.ts';
import { benchClaims, reportClaims } from './claims.ts';
import { benchDrawProtocol, reportDrawProtocol } from './draw-protocol.ts';
import { benchDrawRecordCache, reportDrawRecordCache } from './draw-record-cache.ts';
import { benchDrawRecord, reportDrawRecord } from './draw-record.ts';
import { benchDrawVerify, reportDrawVerify } from './draw-verify.ts';
import { benchEntriesBrand, reportEntriesBrand } from './entries-brand.ts';
import { benchEntriesIntegrity, reportEntriesIntegrity } from './entries-integrity.ts';
import { benchEntriesQueue, reportEntriesQueue } from './entries-queue.ts';
import { benchEntriesReferrals, reportEntriesReferrals } from './entries-referrals.ts';
import { benchEntriesTerms, reportEntriesTerms } from './entries-terms.ts';
import { benchEntriesTrust, reportEntriesTrust } from './entries-trust.ts';
import { benchEntries, reportEntries } from './entries.ts';
import { benchFlood, reportFlood } from './flood.ts';
import { benchImageProcessing, reportImageProcessing } from './image-processing.ts';
import { benchImportStall, reportImportStall } from './import-stall.ts';
import { root } from './lib/processes.ts';
import { writeReport, type Section } from './lib/report.ts';
import { benchMailThroughput, reportMailThroughput } from './mail-throughput.ts';
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
const sections: Section[] = [];

function record(section: Section) {
  section.lines.forEach((line) => console.log(line));
  sections.push(section);
}

if (wants('public-page')) {
  console.log('\n== Public entry page (issue 3, item 8)');
  const result = await benchPublicPage();
  record({
    key: 'publicPage',
    heading: 'Public entry page',
    lines: reportPublicPage(result),
    data: result,
  });
}

if (wants('entries')) {
  console.log('\n== Entry throughput on one hot contest (issue 3, item 9)');
  const result = await benchEntries();
  record({
    key: 'entries',
    heading: 'Entry throughput (POST entry, one contest, 50 connections, unique e-mails)',
    lines: reportEntries(result),
    data: result,
  });
}

if (wants('entries-trust')) {
  console.log('\n== What the trusted-leads checks cost the entry path (issue 14, item 4)');
  const result = await benchEntriesTrust();
  record({
    key: 'entriesTrust',
    heading: 'Entry throughput with the trusted-leads checks, against the same run before them',
    lines: reportEntriesTrust(result),
    data: result,
  });
}

if (wants('entries-referrals')) {
  console.log('\n== What referral accounting costs the entry path (issue 15)');
  const result = await benchEntriesReferrals();
  record({
    key: 'entriesReferrals',
    heading: "Entry throughput with every entry through one entrant's link, against plain entries",
    lines: reportEntriesReferrals(result),
    data: result,
  });
}

if (wants('entries-queue')) {
  console.log('\n== The mail queue on the entry path (issue 26)');
  const result = await benchEntriesQueue();
  record({
    key: 'entriesQueue',
    heading:
      'Entries that mail (double opt-in) with the durable queue against the revision before it (PostgreSQL and PGlite)',
    lines: reportEntriesQueue(result),
    data: result,
  });
}

if (wants('entries-integrity')) {
  console.log('\n== The integrity checks of issue 27 on the entry path');
  const result = await benchEntriesIntegrity();
  record({
    key: 'entriesIntegrity',
    heading:
      'Entries with referrals on from 1,000 IPv4 and IPv6 clients, against the revision before issue 27 (PostgreSQL and PGlite)',
    lines: reportEntriesIntegrity(result),
    data: result,
  });
}

if (wants('entries-terms')) {
  console.log('\n== Schedule, rules and consent of issue 30 on the entry path');
  const result = await benchEntriesTerms();
  record({
    key: 'entriesTerms',
    heading:
      'Entries with every rules, schedule and consent option on, against the revision before issue 30 (PostgreSQL and PGlite)',
    lines: reportEntriesTerms(result),
    data: result,
  });
}

if (wants('entries-brand')) {
  console.log("\n== The owner's brand of issue 31 on the entry path");
  const result = await benchEntriesBrand();
  record({
    key: 'entriesBrand',
    heading:
      'Entries that mail, on a contest with a brand of its own, against the revision before the brand (PostgreSQL and PGlite)',
    lines: reportEntriesBrand(result),
    data: result,
  });
}

if (wants('mail-throughput')) {
  console.log('\n== 10,000 queued mails to a local SMTP relay (issue 26)');
  const results = await benchMailThroughput();
  record({
    key: 'mailThroughput',
    heading: '10,000 queued mails to a local SMTP relay (PostgreSQL and PGlite)',
    lines: reportMailThroughput(results),
    data: results,
  });
}

if (wants('claims')) {
  console.log('\n== Claims: notices after a draw, and deadlines in the same minute (issue 29)');
  const result = await benchClaims();
  record({
    key: 'claims',
    heading: 'Claims: 100 winners notified, 1,000 deadlines due together (PostgreSQL)',
    lines: reportClaims(result),
    data: result,
  });
}

if (wants('flood')) {
  console.log('\n== A flood on one contest (issue 11, item 4)');
  const results = await benchFlood();
  record({
    key: 'flood',
    heading: 'A flood on one contest (POST entry, 2,000 connections beside 50, PGlite)',
    lines: reportFlood(results),
    data: results,
  });
}

if (wants('wheel')) {
  console.log('\n== The wheel (issue 4, item 5)');
  const results = await benchWheel();
  record({
    key: 'wheel',
    heading: 'The wheel (headless Chromium, 840 px canvas)',
    lines: reportWheel(results),
    data: results,
  });
}

if (wants('big-data')) {
  console.log('\n== Big data: export, import, dashboard, contests list (issue 6, item 4)');
  const results = await benchBigData();
  record({
    key: 'bigData',
    heading: 'Big data (1M-entry export, 5 MB import, 100k-entry dashboard, 1,000 contests)',
    lines: reportBigData(results),
    data: results,
  });
}

if (wants('import-stall')) {
  console.log('\n== Other requests during an import (issue 11, item 5)');
  const result = await benchImportStall();
  record({
    key: 'importStall',
    heading: 'Other requests during a 100,000-row import (PGlite)',
    lines: reportImportStall(result),
    data: result,
  });
}

if (wants('draw-protocol')) {
  console.log('\n== The verifiable draw on the server (issue 13)');
  const result = await benchDrawProtocol();
  record({
    key: 'drawProtocol',
    heading: 'The verifiable draw: 100 winners from 100,000 entries (server side)',
    lines: reportDrawProtocol(result),
    data: result,
  });
}

if (wants('draw-record')) {
  console.log('\n== The verifiable draw through the API, and its public record (issue 13)');
  const result = await benchDrawRecord();
  record({
    key: 'drawRecord',
    heading: 'The verifiable draw: drawing and serving the record of 100,000 entries (PGlite)',
    lines: reportDrawRecord(result),
    data: result,
  });
}

if (wants('draw-record-cache')) {
  console.log('\n== The draw record built once per change of the draw (issue 27, item 9)');
  const result = await benchDrawRecordCache();
  record({
    key: 'drawRecordCache',
    heading:
      'The draw record of 100,000 entries: built, from memory, and a copy confirmed (PostgreSQL and PGlite)',
    lines: reportDrawRecordCache(result),
    data: result,
  });
}

if (wants('draw-verify')) {
  console.log('\n== The verifiable draw checked in the browser (issue 13)');
  const result = await benchDrawVerify();
  record({
    key: 'drawVerify',
    heading: 'The verifiable draw: "Verify in my browser" on 100,000 entries (Chromium, 390x844)',
    lines: reportDrawVerify(result),
    data: result,
  });
}

if (wants('image-processing')) {
  console.log('\n== A phone photo made into a cover and a logo (issue 31)');
  const result = await benchImageProcessing();
  record({
    key: 'imageProcessing',
    heading: 'Contest images: a 12-megapixel photo made into its renditions (sharp, in process)',
    lines: reportImageProcessing(result),
    data: result,
  });
}

writeReport(`${new Date().toISOString()} on ${machine}`, sections);
console.log('\nWritten to bench/results/latest.md');
