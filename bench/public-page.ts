/**
 * The public entry page on a phone: how much JavaScript it loads (gzip) and its Lighthouse
 * mobile performance score, beside a baseline measured in the same run (a static HTML page
 * with no script, the best score this machine gives).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { clientDir, freePort, startAppWithContest } from './lib/in-process-app.ts';
import { chromiumFlags, chromiumPath, median } from './lib/stats.ts';

export const JS_BUDGET_KB = 90;
export const SCORE_TARGET = 0.95;
const RUNS = 3;

/** Gzip bytes of every script the page loads (as the server sends them to gzip clients). */
async function measureScripts(url: string): Promise<{ kb: number; files: string[] }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await browser.close();
  const files = [...scripts];
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length,
    0,
  );
  return { kb: bytes / 1024, files };
}

async function lighthouseScores(url: string): Promise<number[]> {
  const scores: number[] = [];
  // Lighthouse sometimes fails to record a trace (NO_NAVSTART); such a run is retried.
  for (let attempt = 0; scores.length < RUNS && attempt < RUNS * 2; attempt += 1) {
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
      const score = lhr?.categories.performance?.score;
      if (lhr?.runtimeError || typeof score !== 'number') {
        console.error(
          `lighthouse run failed, retrying: ${lhr?.runtimeError?.message ?? 'no score'}`,
        );
        continue;
      }
      scores.push(score);
      if (process.env.BENCH_VERBOSE && lhr) {
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
        console.error(
          `  FCP ${metric('first-contentful-paint')} LCP ${metric('largest-contentful-paint')} TBT ${metric('total-blocking-time')} CLS ${metric('cumulative-layout-shift')} SI ${metric('speed-index')}`,
        );
        const details = (id: string) =>
          (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ??
          [];
        for (const item of details('long-tasks'))
          console.error('   long task', JSON.stringify(item));
        for (const item of details('bootup-time')) console.error('   bootup', JSON.stringify(item));
        for (const item of details('mainthread-work-breakdown'))
          console.error('   main', JSON.stringify(item));
      }
    } finally {
      await chrome.kill();
    }
  }
  return scores;
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

export type PublicPageResult = {
  jsKb: number;
  landingJsKb: number;
  scripts: string[];
  scores: number[];
  baselineScores: number[];
};

export async function benchPublicPage(): Promise<PublicPageResult> {
  const app = await startAppWithContest();
  const baseline = await startStaticBaseline();
  try {
    const pageUrl = `${app.url}/c/${app.contestId}`;
    const scripts = await measureScripts(pageUrl);
    const landing = await measureScripts(`${app.url}/`);
    const scores = await lighthouseScores(pageUrl);
    const baselineScores = await lighthouseScores(baseline.url);
    return {
      jsKb: scripts.kb,
      landingJsKb: landing.kb,
      scripts: scripts.files,
      scores,
      baselineScores,
    };
  } finally {
    baseline.close();
    await app.close();
  }
}

export function reportPublicPage(result: PublicPageResult): string[] {
  return [
    `public page JS (gzip): ${result.jsKb.toFixed(1)} KB in ${result.scripts.length} files (target <= ${JS_BUDGET_KB} KB; landing page: ${result.landingJsKb.toFixed(1)} KB)`,
    `public page Lighthouse mobile performance: median ${median(result.scores).toFixed(2)} of [${result.scores.join(', ')}] (target >= ${SCORE_TARGET}; static HTML baseline: median ${median(result.baselineScores).toFixed(2)})`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchPublicPage();
  for (const line of reportPublicPage(result)) console.log(line);
  console.log(result.scripts.join('\n'));
}
