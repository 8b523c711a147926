import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { DESKTOP, requestsAnswered, signedInAs, site, useTabs, visit, type DemoAccount } from './support/browser.js';

const PHONE = { width: 360, height: 800 };
/** Each walk opens 10 to 30 pages. */
const WALK_MS = 300_000;
/** Contract field names a person must never read (they belong in the API, not on a page). */
const INTERNAL_NAMES = /\b(carClass|affiliateUrl|profileId|raceId|accusedProfileIds|driverNumber|gameId|trackId|seasonId|eventId)\b/;

/** What is wrong with the page as shown: document overflow, clipped tables and logos, a cut username, an Error dialog, internal names. */
async function problemsOf(page: Page, path: string, viewport: typeof DESKTOP): Promise<string[]> {
  await visit(page, path);
  // The page's own heading (some addresses, like /rivals, move on to a fuller one).
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await requestsAnswered(page);
  const found = await page.evaluate(
    ({ internal, desktop }) => {
      const problems: string[] = [];
      const width = document.documentElement.scrollWidth;
      if (width > window.innerWidth) problems.push(`document is ${width}px wide`);
      if (desktop) {
        for (const table of document.querySelectorAll('table')) {
          const box = table.parentElement!;
          if (table.scrollWidth > box.clientWidth + 1)
            problems.push(`table "${table.getAttribute('aria-label') ?? ''}" is cut (${table.scrollWidth}px in ${box.clientWidth}px)`);
        }
        const name = document.querySelector('header button[aria-label^="Account menu for"] span:not([class*="MuiButton"])');
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
  if (await page.getByRole('dialog', { name: 'Error' }).count()) found.push('an Error dialog is open');
  return found.map((problem) => `${path} at ${viewport.width}px: ${problem}`);
}

/**
 * Every page a role opens, on the demo league, at a phone's 360 px and a laptop's 1366 px: nothing
 * wider than the screen, no table cut, no Error dialog, no internal field names.
 */
describe('every page at 360 px and 1366 px', () => {
  const open = useTabs({ demoData: true });

  async function walk(account: Exclude<DemoAccount, 'notmember'> | null, paths: string[]): Promise<string[]> {
    const problems: string[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(viewport);
      if (account) await signedInAs(page, account);
      for (const path of paths) problems.push(...(await problemsOf(page, path, viewport)));
    }
    return problems;
  }

  it(
    'as a visitor',
    async () => {
      const sprint = await site()
        .em()
        .findOneOrFail(Season, { competition: { name: 'GT3 Sprint Cup' } });
      const paths = [
        '/',
        '/events',
        '/events/assessment',
        '/events/competitions/current',
        `/events/competitions/current/${sprint.competition.id}/season/${sprint.id}`,
        `/events/competitions/standings/${sprint.competition.id}/${sprint.id}`,
        '/grid',
        '/grid/teams',
        '/grid/crew/stewards',
        '/rivals',
        '/paddock/safety-car',
        '/media',
        '/merchandise',
        '/downloads',
        '/no/such/corner',
      ];
      expect(await walk(null, paths)).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'as a driver and a captain',
    async () => {
      expect(await walk('driver', ['/', '/profile', '/profile/rivals'])).toEqual([]);
      expect(await walk('captain', ['/myteams'])).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'as an admin',
    async () => {
      const paths = [
        '/admin/games',
        '/admin/tracks',
        '/admin/cars',
        '/admin/teams',
        '/admin/team/999',
        '/admin/users',
        '/admin/roles',
        '/admin/headlines',
        '/admin/affiliates',
        '/admin/biddingconfig',
        '/admin/rivals/servers',
        '/organizer/events',
        '/organizer/competitions',
        '/steward/tickets',
        '/rivals/PC/99/999',
      ];
      expect(await walk('admin', paths)).toEqual([]);
    },
    WALK_MS,
  );
});
