// Lighthouse on one page as the bench measures every screen (docs/decisions/090): the mobile preset
// in a fresh Chromium profile each run, several runs, the median one reported.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../chromium.mjs';
import { freePort } from '../free-port.mjs';

/** Runs per page; the README's table says how many its figures are the median of. */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Chromium's flags for Lighthouse and for the bench's own browser alike. */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** One Lighthouse mobile run (the default preset: simulated slow 4G, 4x CPU) in a fresh Chromium profile. */
async function lighthouseRun(url) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lend-lighthouse-'));
  const chrome = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
      } catch {
        if (tries > 200) throw new Error('Chromium did not open its debugging port');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    // BENCH_LHR_DIR keeps each run's full report, to see what a figure is made of.
    if (process.env.BENCH_LHR_DIR) {
      mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      writeFileSync(join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.replace(/\W/g, '') || 'root'}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      // Lighthouse's own failure (a trace without a navigation, say) scores 0 without measuring the page.
      failure: runtimeError?.code,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    };
  } finally {
    chrome.kill('SIGKILL');
    await new Promise((r) => (chrome.exitCode === null ? chrome.once('exit', r) : r()));
    // Chromium's helper processes may still be writing to the profile for a moment after it ends.
    // A profile Chromium is still writing to is left behind rather than failing the measurement.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    } catch (error) {
      console.warn(`could not remove ${profile}: ${error.message}`);
    }
  }
}

/** A run in which Lighthouse itself failed is made again, twice at most; the last one counts whatever it gave. */
async function measuredRun(url) {
  for (let attempt = 1; ; attempt += 1) {
    const { failure, ...metrics } = await lighthouseRun(url);
    if (!failure || attempt === 3) return metrics;
    console.warn(`Lighthouse failed on ${url} (${failure}); running it again`);
  }
}

/** Lighthouse's own advice for a noisy machine: several runs, report the one with the median performance score. */
export async function lighthouseMedian(url, onRun = () => undefined) {
  const runs = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    runs.push(await measuredRun(url));
    onRun(run + 1, runs.at(-1));
  }
  runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return { ...runs[Math.floor(runs.length / 2)], runs: runs.length };
}
