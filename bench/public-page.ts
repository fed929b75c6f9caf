/**
 * The public entry page on a phone (issue 16, item 3): what it transfers, counted as Chromium
 * receives it (compressed, response headers included), and its Lighthouse mobile score, beside
 * the landing page and a static HTML page with no script measured in the same run (the baseline:
 * the best this machine gives). The entry page is measured again with a cover photo (issue 31),
 * whose hero must be its largest paint. KB here are 1024 bytes.
 */
import { createServer } from 'node:http';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import sharp from 'sharp';
import { addContestWithEntries, freePort, startAppWithContest } from './lib/in-process-app.ts';
import { chromiumFlags, chromiumPath, median } from './lib/stats.ts';

export const TARGETS = {
  entryScriptKb: 70,
  entryScriptFiles: 6,
  entryScore: 0.98,
  entryTbtMs: 150,
  landingScore: 0.95,
  coverScore: 0.98,
  coverLcpMs: 2500,
};
const LIGHTHOUSE_RUNS = 5;
const LIGHTHOUSE_ATTEMPTS = 3;

const PAGES = ['entry', 'entryCover', 'landing', 'baseline'] as const;
type PageName = (typeof PAGES)[number];
const PAGE_LABELS: Record<PageName, string> = {
  entry: 'entry page /c/{id}',
  entryCover: 'entry page with a cover photo',
  landing: 'landing page /',
  baseline: 'static HTML baseline',
};

/** One response as it crossed the wire. */
export type Transfer = {
  /** The path for the page's own origin, the whole URL for another. */
  name: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, Image... */
  type: string;
  /** Bytes received: the body as sent (compressed or not) plus the response headers. */
  bytes: number;
  /** Of those, the response headers. */
  headerBytes: number;
  /** The response's Content-Encoding, or "none". */
  encoding: string;
};

type Share = { kb: number; files: number; headerKb: number };

export type PageTransfers = {
  scripts: Share;
  styleSheets: Share;
  document: Share;
  other: Share;
  /** Chromium's types of the responses counted in `other`. */
  otherTypes: string[];
  total: Share;
  transfers: Transfer[];
};

export type LighthouseRun = {
  score: number;
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
  /** Script bytes on the wire by Lighthouse's own network records: a check on ours. */
  scriptKb: number;
  /** The start of the largest paint's element, as Lighthouse quotes it. */
  lcpElement: string;
};

export type PublicPageResult = {
  transfers: Record<PageName, PageTransfers>;
  lighthouse: Record<PageName, LighthouseRun[]>;
};

// Lighthouse's own phone, so the transfer count sees the page Lighthouse scores.
const LIGHTHOUSE_PHONE = {
  viewport: {
    width: screenEmulationMetrics.mobile.width,
    height: screenEmulationMetrics.mobile.height,
  },
  deviceScaleFactor: screenEmulationMetrics.mobile.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: userAgents.mobile,
};

function contentEncoding(headers: Record<string, string>): string {
  const header = Object.entries(headers).find(
    ([name]) => name.toLowerCase() === 'content-encoding',
  );
  return header?.[1] ?? 'none';
}

function nameFor(resourceUrl: string, pageUrl: string): string {
  const resource = new URL(resourceUrl);
  return resource.origin === new URL(pageUrl).origin ? resource.pathname : resource.href;
}

/**
 * Every response the page receives until the network is idle, in a fresh context (no cache),
 * with the Accept-Encoding Chromium itself sends (gzip, deflate, br, zstd). Counted from CDP's
 * loadingFinished, whose encodedDataLength is the bytes received, headers included.
 */
async function recordTransfers(browser: Browser, url: string): Promise<Transfer[]> {
  const context = await browser.newContext(LIGHTHOUSE_PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const responses = new Map<string, Omit<Transfer, 'bytes'>>();
    const transfers: Transfer[] = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      responses.set(requestId, {
        name: nameFor(response.url, url),
        type,
        encoding: contentEncoding(response.headers),
        // Bytes received when the headers are in: the headers, on HTTP/1.1.
        headerBytes: response.encodedDataLength,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (response) transfers.push({ ...response, bytes: encodedDataLength });
    });
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'networkidle' });
    return transfers;
  } finally {
    await context.close();
  }
}

function share(transfers: Transfer[]): Share {
  return {
    kb: transfers.reduce((sum, transfer) => sum + transfer.bytes, 0) / 1024,
    files: transfers.length,
    headerKb: transfers.reduce((sum, transfer) => sum + transfer.headerBytes, 0) / 1024,
  };
}

function summarizeTransfers(transfers: Transfer[]): PageTransfers {
  const ofType = (type: string) => transfers.filter((transfer) => transfer.type === type);
  const grouped = new Set(['Script', 'Stylesheet', 'Document']);
  const others = transfers.filter((transfer) => !grouped.has(transfer.type));
  return {
    scripts: share(ofType('Script')),
    styleSheets: share(ofType('Stylesheet')),
    document: share(ofType('Document')),
    other: share(others),
    otherTypes: [...new Set(others.map((transfer) => transfer.type))],
    total: share(transfers),
    transfers,
  };
}

async function measureTransfers(
  urls: Record<PageName, string>,
): Promise<Record<PageName, PageTransfers>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const measured = {} as Record<PageName, PageTransfers>;
    for (const page of PAGES)
      measured[page] = summarizeTransfers(await recordTransfers(browser, urls[page]));
    return measured;
  } finally {
    await browser.close();
  }
}

type AuditItems = Record<string, unknown>[];

function auditItems(lhr: LighthouseResult, id: string): AuditItems {
  return (lhr.audits[id]?.details as { items?: AuditItems } | undefined)?.items ?? [];
}

function lighthouseScriptKb(lhr: LighthouseResult): number {
  const scriptBytes = auditItems(lhr, 'network-requests')
    .filter((item) => item.resourceType === 'Script')
    .reduce(
      (sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0),
      0,
    );
  return scriptBytes / 1024;
}

function summarizeLighthouse(lhr: LighthouseResult): LighthouseRun {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance!.score!,
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    scriptKb: lighthouseScriptKb(lhr),
    lcpElement: lcpElementOf(lhr),
  };
}

/** The element of the largest paint: the first node Lighthouse's audit of it names. */
function lcpElementOf(lhr: LighthouseResult): string {
  const details = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {});
  const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(details)?.[1];
  return snippet ? (JSON.parse(`"${snippet}"`) as string) : 'unknown';
}

/** What costs main-thread time, for whoever is cutting it (BENCH_VERBOSE=1). */
function logMainThreadDetails(lhr: LighthouseResult) {
  for (const id of ['long-tasks', 'bootup-time', 'mainthread-work-breakdown'])
    for (const item of auditItems(lhr, id)) console.error(`   ${id}`, JSON.stringify(item));
}

/** Lighthouse's default run (mobile, simulated throttling) in a fresh Chromium. */
async function lighthouseReport(url: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError || typeof lhr.categories.performance?.score !== 'number')
      throw new Error(lhr?.runtimeError?.message ?? 'no score');
    return lhr;
  } finally {
    await chrome.kill();
  }
}

async function lighthouseRun(url: string): Promise<LighthouseRun> {
  // Lighthouse sometimes fails to record a trace (NO_NAVSTART); such a run is retried.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const lhr = await lighthouseReport(url);
      if (process.env.BENCH_VERBOSE) logMainThreadDetails(lhr);
      return summarizeLighthouse(lhr);
    } catch (error) {
      if (attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
      console.error(`lighthouse run failed, retrying: ${(error as Error).message}`);
    }
  }
}

/** Rounds of one run per page, so machine noise falls on every page alike. */
async function lighthouseRounds(
  urls: Record<PageName, string>,
): Promise<Record<PageName, LighthouseRun[]>> {
  const runs: Record<PageName, LighthouseRun[]> = {
    entry: [],
    entryCover: [],
    landing: [],
    baseline: [],
  };
  for (let round = 0; round < LIGHTHOUSE_RUNS; round += 1)
    for (const page of PAGES) runs[page].push(await lighthouseRun(urls[page]));
  return runs;
}

async function startStaticBaseline() {
  const port = await freePort();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head><body><h1>Static baseline</h1><p>No script, no style sheet.</p></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** A 12-megapixel phone photo: noise blurred into a texture, so its renditions weigh a photo's. */
function coverPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Another contest like the bench's, with a cover uploaded by its owner as the builder does. */
async function addCoverContest(app: Awaited<ReturnType<typeof startAppWithContest>>) {
  const contestId = await addContestWithEntries(app, 0);
  const cookie = await app.ownerCookie();
  const form = new FormData();
  form.append('kind', 'cover');
  form.append('file', new Blob([new Uint8Array(await coverPhoto())], { type: 'image/jpeg' }));
  const response = await fetch(`${app.url}/api/contests/${contestId}/images`, {
    method: 'POST',
    headers: { cookie: `${cookie.name}=${cookie.value}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`cover upload: ${await response.text()}`);
  return contestId;
}

export async function benchPublicPage(): Promise<PublicPageResult> {
  // Every option of the entry form on (docs/product.md#rules-schedule-and-consent): the
  // country select, the rules' and the age's boxes and the consent box are all on the page.
  const app = await startAppWithContest('pglite', {
    timeZone: 'Europe/Madrid',
    rules: {
      sponsorName: 'Coach Ana Fitness',
      sponsorContact: 'ana@example.com',
      minAge: 18,
      allowedCountries: ['ES', 'PT'],
      excludedRegions: '',
      employeesExcluded: false,
      prizeRetailValue: '',
      additionalTerms: '',
    },
    consentText: "Send me Coach Ana's weekly tips",
  });
  const baseline = await startStaticBaseline();
  try {
    const urls: Record<PageName, string> = {
      entry: `${app.url}/c/${app.contestId}`,
      entryCover: `${app.url}/c/${await addCoverContest(app)}`,
      landing: `${app.url}/`,
      baseline: baseline.url,
    };
    return { transfers: await measureTransfers(urls), lighthouse: await lighthouseRounds(urls) };
  } finally {
    baseline.close();
    await app.close();
  }
}

const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
const kb = (value: number) => `${value.toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fileCount = (files: number) => `${files} ${files === 1 ? 'file' : 'files'}`;

function encodingCounts(transfers: Transfer[]): string {
  const counts = new Map<string, number>();
  for (const { encoding } of transfers) counts.set(encoding, (counts.get(encoding) ?? 0) + 1);
  return [...counts].map(([encoding, count]) => `${encoding} ${count}`).join(', ');
}

function transferLine(page: PageName, measured: PageTransfers): string {
  const { scripts, styleSheets, document, other, otherTypes, total, transfers } = measured;
  return `${PAGE_LABELS[page]} on the wire: scripts ${kb(scripts.kb)} in ${fileCount(scripts.files)} (headers ${kb(scripts.headerKb)} of it), style sheets ${kb(styleSheets.kb)} in ${styleSheets.files}, document ${kb(document.kb)}, other ${kb(other.kb)} in ${other.files} (${otherTypes.join(', ') || 'none'}); total ${kb(total.kb)} in ${total.files} responses, headers ${kb(total.headerKb)} of it (content-encoding: ${encodingCounts(transfers)})`;
}

function scriptListLine(page: PageName, measured: PageTransfers): string {
  const files = measured.transfers
    .filter((transfer) => transfer.type === 'Script')
    .sort((a, b) => b.bytes - a.bytes)
    .map((transfer) => `${transfer.name} ${kb(transfer.bytes / 1024)} ${transfer.encoding}`);
  return `${PAGE_LABELS[page]} scripts: ${files.join('; ')}`;
}

function lighthouseLine(page: PageName, runs: LighthouseRun[]): string {
  const medianOf = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  return `Lighthouse mobile, ${PAGE_LABELS[page]}: median ${medianOf((run) => run.score).toFixed(2)} of [${runs.map((run) => run.score).join(', ')}]; medians TBT ${medianOf((run) => run.tbtMs).toFixed(0)} ms, FCP ${seconds(medianOf((run) => run.fcpMs))}, LCP ${seconds(medianOf((run) => run.lcpMs))}; script by Lighthouse's network records ${kb(medianOf((run) => run.scriptKb))}`;
}

function targetLines(result: PublicPageResult): string[] {
  const { scripts } = result.transfers.entry;
  const entryScore = median(result.lighthouse.entry.map((run) => run.score));
  const entryTbt = median(result.lighthouse.entry.map((run) => run.tbtMs));
  const landingScore = median(result.lighthouse.landing.map((run) => run.score));
  const cover = result.lighthouse.entryCover;
  const coverScore = median(cover.map((run) => run.score));
  const coverLcp = median(cover.map((run) => run.lcpMs));
  const coverIsLargest = cover.every((run) => run.lcpElement.startsWith('<img'));
  return [
    `target: entry page JS <= ${TARGETS.entryScriptKb} KB on the wire: ${kb(scripts.kb)}, ${mark(scripts.kb <= TARGETS.entryScriptKb)}; <= ${TARGETS.entryScriptFiles} script files: ${scripts.files}, ${mark(scripts.files <= TARGETS.entryScriptFiles)}`,
    `target: entry page Lighthouse >= ${TARGETS.entryScore}: median ${entryScore.toFixed(2)}, ${mark(entryScore >= TARGETS.entryScore)}; TBT <= ${TARGETS.entryTbtMs} ms: median ${entryTbt.toFixed(0)} ms, ${mark(entryTbt <= TARGETS.entryTbtMs)}`,
    `target: landing page Lighthouse >= ${TARGETS.landingScore}: median ${landingScore.toFixed(2)}, ${mark(landingScore >= TARGETS.landingScore)}`,
    `target: entry page with a cover Lighthouse >= ${TARGETS.coverScore}: median ${coverScore.toFixed(2)}, ${mark(coverScore >= TARGETS.coverScore)}; LCP < ${seconds(TARGETS.coverLcpMs)}: median ${seconds(coverLcp)}, ${mark(coverLcp < TARGETS.coverLcpMs)}; the cover is the largest paint in every run: ${mark(coverIsLargest)} (${cover[0]?.lcpElement.slice(0, 60) ?? ''}...)`,
  ];
}

export function reportPublicPage(result: PublicPageResult): string[] {
  const pagesWithScripts = PAGES.filter((page) => result.transfers[page].scripts.files > 0);
  return [
    ...PAGES.map((page) => transferLine(page, result.transfers[page])),
    ...pagesWithScripts.map((page) => scriptListLine(page, result.transfers[page])),
    ...PAGES.map((page) => lighthouseLine(page, result.lighthouse[page])),
    `(Lighthouse: ${LIGHTHOUSE_RUNS} runs per page, interleaved page by page, each in a fresh Chromium)`,
    ...targetLines(result),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchPublicPage();
  for (const line of reportPublicPage(result)) console.log(line);
}
