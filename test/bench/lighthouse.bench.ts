/**
 * `npm run bench:lighthouse` — Lighthouse (mobile preset: throttled network and CPU, a phone screen) on
 * the pages a visitor lands on and on the signed-in pages each demo account works on (the driver's
 * profile, a standings page, series details; the steward's queue and a ticket; the organizer's results
 * grid), against the built site on the system Chromium; then the interactions' INP. Prints tables.
 *
 *   --runs N   runs per page; the median run (by performance score) is shown (default 3)
 *   --reports D  also writes each run's full Lighthouse result (JSON) into folder D, to see what a metric is made of
 *   --only TEXT  measures only the pages and interactions whose label contains TEXT (or one of TEXT|TEXT…)
 *
 * Each signed-in page is opened with its account's session cookie (signed in over HTTP through the
 * Discord stand-in, as the tests do). Interactions are Lighthouse timespans on a loaded page: the mobile
 * preset's CPU slowdown applied to the browser itself (devtools throttling; the simulated kind does not
 * apply to a timespan), one interaction each, its INP.
 *
 * Goals: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1; INP ≤ 200 ms. Lighthouse's simulated
 * throttling scales the CPU time it observes, so a busy machine inflates TBT and LCP: the machine's load
 * is printed with the tables.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { startTimespan } from 'lighthouse';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.js';
import { signIn } from '../support/sign-in.js';
import { startBenchSite } from './site.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, reports: { type: 'string' }, only: { type: 'string', default: '' } } });
const RUNS = Number(values.runs);
const ROOT = path.resolve(import.meta.dirname, '../..');
const chosen = (label: string) => values.only.split('|').some((part) => label.includes(part));
const GOALS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1, inpMs: 200 };

type Account = 'visitor' | 'driver' | 'steward' | 'organizer';

interface PageResult {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

interface Interaction {
  label: string;
  account: Account;
  path: string;
  /** Waits until the page is ready for the interaction (its data shown). */
  ready: (page: Page) => Promise<void>;
  /** The interaction, and waiting until what it shows is there. */
  act: (page: Page) => Promise<void>;
}

/** The demo's ids: the GT3 Sprint Cup season, its latest round with saved race results and that race, the first ticket. */
async function demoIds(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const round = await client.query<{ competition: number; season: number; event: number; race: number }>(
      `select s.competition_id as competition, s.id as season, e.id as event, r.id as race
         from result_revisions rr join races r on r.id = rr.race_id join race_events re on re.id = r.race_event_id
         join events e on e.id = re.event_id join seasons s on s.id = e.season_id join competitions c on c.id = s.competition_id
        where c.name = 'GT3 Sprint Cup' order by rr.id desc limit 1`,
    );
    const ticket = await client.query<{ id: number }>('select min(id) as id from tickets');
    return { ...round.rows[0]!, ticket: ticket.rows[0]!.id };
  } finally {
    await client.end();
  }
}

const loadBefore = loadavg()[0];
const site = await startBenchSite('lighthouse');
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  userDataDir: mkdtempSync(path.join(tmpdir(), 'paddock-lighthouse-')),
  chromeFlags: CHROMIUM_FLAGS,
});
let browser: Browser | null = null;
try {
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const ids = await demoIds(site.databaseUrl);
  const planned = (await (await fetch(`${site.baseUrl}/api/events/planned?pageNumber=0&pageSize=1`)).json()) as { content: { id: number }[] };
  const sessions = new Map<Account, string>();
  for (const account of ['driver', 'steward', 'organizer'] as const) sessions.set(account, (await signIn(site.baseUrl, account)).header());

  /** Leaves the browser with `account`'s session cookie only (a visitor: none). */
  const becomes = async (account: Account) => {
    await browser!.deleteCookie(...(await browser!.cookies()));
    const header = sessions.get(account);
    if (!header) return;
    await browser!.setCookie(
      ...header.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' as const };
      }),
    );
  };

  const season = `/events/competitions/current/${ids.competition}/season/${ids.season}`;
  const resultsGrid = `/organizer/competitions/${ids.competition}/seasons/${ids.season}/event/${ids.event}/results/${ids.race}`;
  const pages: [label: string, account: Account, path: string][] = [
    ['Home', 'visitor', '/'],
    ['Event-List /events', 'visitor', '/events'],
    [`Event-details /events/${planned.content[0]!.id}`, 'visitor', `/events/${planned.content[0]!.id}`],
    ['Profile /profile (driver)', 'driver', '/profile'],
    ['Competitions-Standings (driver)', 'driver', `/events/competitions/standings/${ids.competition}/${ids.season}`],
    ['Competitions-Current-details (driver)', 'driver', season],
    ['Steward-Tickets (steward)', 'steward', '/steward/tickets'],
    ['Steward-Ticket (steward)', 'steward', `/steward/tickets/${ids.ticket}`],
    ['Organize-Season-Event-Results (organizer)', 'organizer', resultsGrid],
  ];
  const interactions: Interaction[] = [
    {
      label: 'Series details: open a round’s results (driver)',
      account: 'driver',
      path: season,
      ready: async (page) => void (await page.waitForSelector('button[aria-expanded="false"][aria-controls]')),
      act: async (page) => {
        await page.click('button[aria-expanded="false"][aria-controls]');
        await page.waitForFunction(
          () => document.querySelectorAll('button[aria-expanded="true"]').length >= 2 && !document.querySelector('[aria-label^="Loading the results of"]'),
        );
      },
    },
    {
      // The series list is the browser's select: on Linux an arrow key on it picks the next series outright.
      label: 'Standings: pick another series with the keyboard (driver)',
      account: 'driver',
      path: `/events/competitions/standings/${ids.competition}/${ids.season}`,
      ready: async (page) => void (await page.waitForSelector('table[aria-label="Drivers\' standings"]')),
      act: async (page) => {
        const series = '.pd-competitions-series-choice select';
        const onLast = await page.$eval(series, (select) => (select as HTMLSelectElement).selectedIndex === (select as HTMLSelectElement).options.length - 1);
        await page.focus(series);
        await page.keyboard.press(onLast ? 'ArrowUp' : 'ArrowDown');
        await page.waitForFunction(
          (before) => !location.pathname.startsWith(before) && document.querySelector('table[aria-label="Drivers\' standings"]'),
          {},
          `/events/competitions/standings/${ids.competition}/`,
        );
      },
    },
    {
      label: 'Results grid: switch the race tab (organizer)',
      account: 'organizer',
      path: resultsGrid,
      ready: async (page) => void (await page.waitForSelector('table[aria-label="Results entry"]')),
      act: async (page) => {
        await page.click('[role="tab"]:not([aria-selected="true"])');
        await page.waitForFunction((before) => !location.pathname.endsWith(before) && document.querySelector('table[aria-label="Results entry"]'), {}, `/${ids.race}`);
      },
    },
    {
      label: 'Results grid: type a lap count and a time (organizer)',
      account: 'organizer',
      path: resultsGrid,
      ready: async (page) => void (await page.waitForSelector('table[aria-label="Results entry"]')),
      act: async (page) => {
        await page.click('input[aria-label^="Laps, P2 "]');
        await page.keyboard.type('17');
        await page.click('input[aria-label^="Best lap, P2 "]');
        await page.keyboard.type('1:47.5');
        await page.waitForFunction(() => (document.querySelector('input[aria-label^="Best lap, P2 "]') as HTMLInputElement | null)?.value === '1:47.5');
      },
    },
  ];

  const page = await browser.newPage();
  const table: Record<string, Record<string, string | number>> = {};
  /** Lighthouse's measure of the machine's CPU at each page run (higher is faster): the figures of a slower machine are not comparable. */
  const benchmarkIndexes: number[] = [];
  for (const [label, account, pagePath] of pages.filter(([label]) => chosen(label))) {
    await becomes(account);
    const runs: PageResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      let result = await lighthouse(`${site.baseUrl}${pagePath}`, { onlyCategories: ['performance'], output: 'json', logLevel: 'error' }, undefined, page);
      // Now and then the trace of a load lacks its start (NO_NAVSTART: Lighthouse asks to run again): up to twice more.
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) {
        result = await lighthouse(`${site.baseUrl}${pagePath}`, { onlyCategories: ['performance'], output: 'json', logLevel: 'error' }, undefined, page);
      }
      if (values.reports) {
        mkdirSync(values.reports, { recursive: true });
        writeFileSync(path.join(values.reports, `${pagePath.slice(1).replace(/\W+/g, '_') || 'home'}-${run + 1}.json`), JSON.stringify(result!.lhr));
      }
      const audits = result!.lhr.audits;
      benchmarkIndexes.push(result!.lhr.environment.benchmarkIndex);
      runs.push({
        score: Math.round((result!.lhr.categories.performance!.score ?? 0) * 100),
        fcpMs: audits['first-contentful-paint']!.numericValue ?? NaN,
        lcpMs: audits['largest-contentful-paint']!.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']!.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']!.numericValue ?? NaN,
        speedIndexMs: audits['speed-index']!.numericValue ?? NaN,
      });
    }
    const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
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

  const inpTable: Record<string, Record<string, string | number>> = {};
  for (const interaction of interactions.filter(({ label }) => chosen(label))) {
    await becomes(interaction.account);
    const inps: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`${site.baseUrl}${interaction.path}`);
      await interaction.ready(page);
      const timespan = await startTimespan(page, { flags: { onlyCategories: ['performance'], throttlingMethod: 'devtools', logLevel: 'error' } });
      await interaction.act(page);
      const result = await timespan.endTimespan();
      if (values.reports) {
        mkdirSync(values.reports, { recursive: true });
        writeFileSync(path.join(values.reports, `inp-${interaction.label.replace(/\W+/g, '_')}-${run + 1}.json`), JSON.stringify(result!.lhr));
      }
      inps.push(result!.lhr.audits['interaction-to-next-paint']!.numericValue ?? NaN);
    }
    const median = [...inps].sort((a, b) => a - b)[Math.floor(inps.length / 2)]!;
    inpTable[interaction.label] = { 'INP ms': Math.round(median), 'runs ms': inps.map(Math.round).join(' / '), goal: median <= GOALS.inpMs ? 'met' : 'NOT met' };
    process.stderr.write('.');
  }

  const version = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  console.log(`\nbench:lighthouse — Lighthouse ${version}, mobile preset, median of ${RUNS} run(s), system Chromium\n`);
  console.table(table);
  console.log(`Goals: performance ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls}.\n`);
  console.log('Interactions (timespans, the mobile preset’s CPU slowdown applied to the browser):');
  console.table(inpTable);
  console.log(`Goal: INP ≤ ${GOALS.inpMs} ms.`);
  console.log(`Machine load (1-minute average, ${cpus().length} cores): ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after.`);
  if (benchmarkIndexes.length) {
    const indexes = [...benchmarkIndexes].sort((a, b) => a - b);
    console.log(
      `Lighthouse's benchmark index (its measure of this machine's CPU; higher is faster): median ${Math.round(indexes[Math.floor(indexes.length / 2)]!)}, ${Math.round(indexes[0]!)}–${Math.round(indexes.at(-1)!)} over the page runs.`,
    );
  }
} finally {
  await browser?.disconnect();
  chrome.kill();
  await site.stopAndDrop();
}
process.exit(0);
