import { describe, expect, it } from '@jest/globals';
import { DEMO_TEAM } from '../../backend/src/seed/demo-data.js';
import { pageHeading, signInAs, useTabs, visit } from './support/browser.js';

/**
 * The one browser test of the demo league a plain `npm start` seeds. Every other browser test starts
 * its site with an empty league (DEMO_DATA=false) and arranges what it needs with test/factories.
 */
describe('the demo league', () => {
  const open = useTabs({ demoData: true });

  it("shows the demo's next race on Home, and its captain signs in to the demo team", async () => {
    const page = await open();
    await visit(page, '/');
    const nextRace = page.getByRole('link', { name: /^Next race: / });
    await nextRace.click();
    await page.waitForURL((url) => url.pathname.startsWith('/events/'));
    expect(await pageHeading(page)).not.toBe('Page not found');

    await signInAs(page, 'captain');
    await visit(page, '/myteams');
    expect(await pageHeading(page)).toBe('My teams');
    await page
      .getByRole('list', { name: `Drivers of ${DEMO_TEAM}` })
      .getByRole('link', { name: '[ 44 ] - CoryCaptain' })
      .waitFor();
  });
});
