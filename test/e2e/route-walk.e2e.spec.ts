import { describe, expect, it } from '@jest/globals';
import type { Page, Request } from 'playwright-core';
import { Game, Track } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import { Affiliate } from '../../backend/src/modules/community/community.entities.js';
import { CompetitionGroup, RaceResultLine, ResultRevision, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { Ticket } from '../../backend/src/modules/stewarding/stewarding.entities.js';
import { Team } from '../../backend/src/modules/teams/team.entity.js';
import { DESKTOP, signedInAs, site, useTabs, visit, type DemoAccount } from './support/browser.js';

const PHONE = { width: 360, height: 800 };
/** Each walk opens 3 to 25 pages. */
const WALK_MS = 180_000;
/** Contract field names a person must never read (they belong in the API, not on a page). */
const INTERNAL_NAMES = /\b(carClass|affiliateUrl|profileId|raceId|accusedProfileIds|driverNumber|gameId|trackId|seasonId|eventId|confirmFuture|confirmMismatch)\b/;

/** The page's API calls in flight (the socket's long poll aside): `idle()` resolves once none is. */
function apiCalls(page: Page): { idle(): Promise<void> } {
  const pending = new Set<Request>();
  const waiting: (() => void)[] = [];
  const settle = (request: Request) => {
    pending.delete(request);
    if (pending.size === 0) for (const done of waiting.splice(0)) done();
  };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    idle: () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((done) => waiting.push(done))),
  };
}

/** Waits until the routed page for the current address shows its heading, no API call is in flight and no loader or skeleton is on screen. */
async function shown(page: Page, calls: ReturnType<typeof apiCalls>): Promise<void> {
  // The page's own heading (some addresses, like /rivals, move on to a fuller one).
  await page
    .waitForFunction(() => document.querySelector(`[data-page-path="${CSS.escape(location.pathname)}"] h1`) !== null)
    .catch((error: unknown) => {
      throw new Error(`${new URL(page.url()).pathname} showed no heading of its own`, { cause: error });
    });
  const loading = () => page.evaluate(() => document.querySelector('[role="progressbar"], .MuiSkeleton-root, .pd-skeleton') !== null);
  do {
    await calls.idle();
    await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiSkeleton-root, .pd-skeleton'));
    await calls.idle();
  } while (await loading());
}

/**
 * Opens the path in the app already loaded, as its links do: a new history entry with a key of its own
 * (the router's entry state), which the router follows. An entry without one would be the very location
 * the app landed on, for a router whose landing redirect is still pending: it would see no change.
 */
async function follow(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const { idx } = (window.history.state ?? {}) as { idx?: number };
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** What is wrong with the page as shown: document overflow (and what sticks out), clipped tables and logos, a cut username, an Error dialog, internal names. */
async function problemsAt(page: Page, viewport: typeof DESKTOP): Promise<string[]> {
  const found = await page.evaluate(
    ({ internal, desktop }) => {
      const problems: string[] = [];
      const width = document.documentElement.scrollWidth;
      if (width > window.innerWidth) {
        // The innermost elements that reach past the screen's edge name the culprit.
        const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1);
        const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other))).slice(0, 3);
        const names = innermost.map(
          (element) =>
            `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
        );
        problems.push(`document is ${width}px wide (${names.join(', ')})`);
      }
      if (desktop) {
        for (const table of document.querySelectorAll('table')) {
          const box = table.parentElement!;
          if (table.scrollWidth > box.clientWidth + 1)
            problems.push(`table "${table.getAttribute('aria-label') ?? ''}" is cut (${table.scrollWidth}px in ${box.clientWidth}px)`);
        }
        const name = document.querySelector('header button[aria-label^="Account menu for"] .pd-account-name');
        if (name instanceof HTMLElement && name.scrollWidth > name.clientWidth) problems.push(`the username "${name.textContent ?? ''}" is cut`);
      }
      for (const logo of document.querySelectorAll<HTMLElement>('[data-testid="team-logo"]')) {
        if (logo.scrollWidth > logo.clientWidth) problems.push(`the team tag "${logo.textContent ?? ''}" overflows its logo`);
      }
      const text = new RegExp(internal).exec(document.body.innerText);
      if (text) problems.push(`shows the internal name ${text[0]}`);
      return problems;
    },
    { internal: INTERNAL_NAMES.source, desktop: viewport.width >= DESKTOP.width },
  );
  const error = page.getByRole('dialog', { name: 'Error' });
  if (await error.count()) {
    found.push(`an Error dialog is open: "${(await error.innerText()).replace(/\s+/g, ' ')}"`);
    // Closed, so that the next page is judged on its own.
    await page.keyboard.press('Escape');
    await error.waitFor({ state: 'detached' });
  }
  return found.map((problem) => `${new URL(page.url()).pathname} at ${viewport.width}px: ${problem}`);
}

/** Resizes the window and waits for the layout to follow it (two frames: media queries, then what they re-render). */
async function resize(page: Page, viewport: typeof DESKTOP): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Every page a role opens, on the demo league, at a phone's 360 px and a laptop's 1366 px: nothing
 * wider than the screen, no table cut, no Error dialog, no internal field names. One tab per role:
 * the app loads once and follows each address as its links do; each page is judged at 360 px, then
 * the window is widened to 1366 px and it is judged again.
 */
describe('every page at 360 px and 1366 px', () => {
  const open = useTabs({ demoData: true });

  async function walk(account: Exclude<DemoAccount, 'notmember'> | null, paths: string[]): Promise<string[]> {
    const problems: string[] = [];
    const page = await open(PHONE);
    const calls = apiCalls(page);
    if (account) await signedInAs(page, account);
    else await visit(page, '/');
    for (const path of paths) {
      await resize(page, PHONE);
      await follow(page, path);
      await shown(page, calls);
      problems.push(...(await problemsAt(page, PHONE)));
      await resize(page, DESKTOP);
      problems.push(...(await problemsAt(page, DESKTOP)));
    }
    return problems;
  }

  /** The demo's ids: the sprint season and its latest raced round and its winner, a ticket, catalogue entries. */
  async function demoIds() {
    const em = site().em();
    const sprint = await em.findOneOrFail(Season, { competition: { name: 'GT3 Sprint Cup' } });
    const latest = await em.findOneOrFail(
      ResultRevision,
      { race: { raceEvent: { event: { season: sprint.id } } }, session: 'RACE' },
      { orderBy: { id: 'desc' }, populate: ['race.raceEvent.event'] },
    );
    const raced = await em.findOneOrFail(RaceResultLine, { revision: latest.id, position: 1 });
    const [quick, assessment, group, ticket, game, track, affiliate, team] = await Promise.all([
      em.findOneOrFail(LeagueEvent, { season: null, assessment: false }, { orderBy: { id: 'asc' } }),
      em.findOneOrFail(LeagueEvent, { assessment: true }, { orderBy: { id: 'asc' } }),
      em.findOneOrFail(CompetitionGroup, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }),
      em.findOneOrFail(Ticket, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }),
      em.findOneOrFail(Game, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }),
      em.findOneOrFail(Track, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }),
      em.findOneOrFail(Affiliate, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }),
      em.findOneOrFail(Team, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }),
    ]);
    const round = latest.race.raceEvent.event;
    return {
      competition: sprint.competition.id,
      season: sprint.id,
      round: round.id,
      race: latest.race.id,
      winner: raced.profile!.id,
      quick: quick.id,
      assessment: assessment.id,
      group: group.id,
      ticket: ticket.id,
      game: game.id,
      track: track.id,
      affiliate: affiliate.id,
      team: team.id,
    };
  }

  it(
    'as a visitor',
    async () => {
      const ids = await demoIds();
      const paths = [
        '/',
        '/events',
        '/events/assessment',
        '/events/competitions/current',
        `/events/competitions/current/${ids.competition}/season/${ids.season}`,
        `/events/competitions/standings/${ids.competition}/${ids.season}`,
        `/events/${ids.round}`,
        '/grid',
        `/grid/driver/${ids.winner}`,
        '/grid/teams',
        '/grid/crew/stewards',
        '/rivals',
        '/paddock/safety-car',
        '/media',
        '/merchandise',
        '/downloads',
        '/live',
        '/no/such/corner',
      ];
      expect(await walk(null, paths)).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'as a rookie, a driver and a captain',
    async () => {
      expect(await walk('rookie', ['/', '/profile'])).toEqual([]);
      expect(await walk('driver', ['/', '/profile', '/profile/rivals', '/live'])).toEqual([]);
      expect(await walk('captain', ['/myteams'])).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'as an admin',
    async () => {
      const ids = await demoIds();
      const paths = [
        '/admin/games',
        `/admin/games/${ids.game}`,
        '/admin/tracks',
        `/admin/tracks/${ids.track}`,
        `/admin/tracks/${ids.track}/variants`,
        '/admin/cars',
        '/admin/teams',
        `/admin/team/${ids.team}`,
        '/admin/team/999',
        '/admin/users',
        '/admin/roles',
        '/admin/headlines',
        '/admin/affiliates',
        `/admin/affiliates/${ids.affiliate}`,
        '/admin/biddingconfig',
        '/admin/maintenance',
        '/admin/audit',
        '/admin/rivals/servers',
        '/rivals/PC/99/999',
      ];
      expect(await walk('admin', paths)).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'as an organizer and an admin: events, assessments, series, seasons, a round, its line-ups and results, the standings preview',
    async () => {
      const ids = await demoIds();
      const season = `/organizer/competitions/${ids.competition}/seasons/${ids.season}`;
      const paths = [
        '/organizer/events',
        `/organizer/events/${ids.quick}`,
        '/organizer/assessments',
        `/organizer/assessments/${ids.assessment}`,
        '/organizer/competitions/groups',
        `/organizer/competitions/groups/${ids.group}`,
        '/organizer/competitions',
        `/organizer/competitions/${ids.competition}`,
        `/organizer/competitions/${ids.competition}/seasons`,
        season,
        `${season}/events/${ids.round}`,
        `${season}/event/${ids.round}/teams`,
        `${season}/event/${ids.round}/results`,
        `${season}/event/${ids.round}/results/${ids.race}`,
        `/events/competitions/current/${ids.competition}/season/${ids.season}`,
        `/events/competitions/standings/${ids.competition}/${ids.season}`,
      ];
      expect(await walk('organizer', paths)).toEqual([]);
      expect(await walk('admin', paths)).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'as a steward, an organizer and an admin: the tickets queue, a ticket, the provisional rivals times',
    async () => {
      const ids = await demoIds();
      const paths = ['/steward/tickets', `/steward/tickets/${ids.ticket}`, '/steward/rivals/times'];
      for (const account of ['steward', 'organizer', 'admin'] as const) expect(await walk(account, paths)).toEqual([]);
    },
    WALK_MS,
  );
});
