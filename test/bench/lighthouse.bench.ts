/**
 * `npm run bench:lighthouse` — Lighthouse (mobile preset: throttled network and CPU, a phone screen) on
 * the pages a visitor lands on, against the built site on the system Chromium. Prints a table.
 *
 *   --runs N   runs per page; the median run (by performance score) is shown (default 3)
 *   --reports D  also writes each run's full Lighthouse result (JSON) into folder D, to see what a metric is made of
 *
 * Goals: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1. Lighthouse's simulated throttling scales
 * the CPU time it observes, so a busy machine inflates TBT and LCP: the machine's load is printed with the table.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.js';
import { startBenchSite } from './site.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, reports: { type: 'string' } } });
const RUNS = Number(values.runs);
const ROOT = path.resolve(import.meta.dirname, '../..');
const GOALS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

interface PageResult {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

const loadBefore = loadavg()[0];
const site = await startBenchSite('lighthouse');
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  userDataDir: mkdtempSync(path.join(tmpdir(), 'paddock-lighthouse-')),
  chromeFlags: CHROMIUM_FLAGS,
});
try {
  const planned = (await (await fetch(`${site.baseUrl}/api/events/planned?pageNumber=0&pageSize=1`)).json()) as { content: { id: number }[] };
  const pages: Record<string, string> = { Home: '/', 'Event-List /events': '/events', [`Event-details /events/${planned.content[0].id}`]: `/events/${planned.content[0].id}` };
  const table: Record<string, Record<string, string | number>> = {};
  for (const [label, pagePath] of Object.entries(pages)) {
    const runs: PageResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${site.baseUrl}${pagePath}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      if (values.reports) {
        mkdirSync(values.reports, { recursive: true });
        writeFileSync(path.join(values.reports, `${pagePath.slice(1).replace(/\W+/g, '_') || 'home'}-${run + 1}.json`), JSON.stringify(result!.lhr));
      }
      const audits = result!.lhr.audits;
      runs.push({
        score: Math.round((result!.lhr.categories.performance.score ?? 0) * 100),
        fcpMs: audits['first-contentful-paint'].numericValue ?? NaN,
        lcpMs: audits['largest-contentful-paint'].numericValue ?? NaN,
        tbtMs: audits['total-blocking-time'].numericValue ?? NaN,
        cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
        speedIndexMs: audits['speed-index'].numericValue ?? NaN,
      });
    }
    const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    const met = median.score >= GOALS.score && median.lcpMs <= GOALS.lcpMs && median.tbtMs <= GOALS.tbtMs && median.cls <= GOALS.cls;
    table[label] = {
      performance: median.score,
      'FCP s': Number((median.fcpMs / 1000).toFixed(2)),
      'LCP s': Number((median.lcpMs / 1000).toFixed(2)),
      'TBT ms': Math.round(median.tbtMs),
      CLS: Number(median.cls.toFixed(3)),
      'Speed Index s': Number((median.speedIndexMs / 1000).toFixed(2)),
      goal: met ? 'met' : 'NOT met',
    };
    process.stderr.write('.');
  }
  console.log(
    `\nbench:lighthouse — Lighthouse ${(JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version}, mobile preset, median of ${RUNS} run(s), visitor, system Chromium\n`,
  );
  console.table(table);
  console.log(`Goals: performance ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls}.`);
  console.log(`Machine load (1-minute average, ${cpus().length} cores): ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after.`);
} finally {
  chrome.kill();
  site.stop();
}
process.exit(0);
