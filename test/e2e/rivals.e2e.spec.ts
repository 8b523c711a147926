import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { Car, Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import { newCar, newGameWithTrack } from '../factories/catalogue.js';
import { newRivalsServer, newRivalTime } from '../factories/rivals.js';
import { newMember } from '../factories/users.js';
import { pageHeading, seriousAxeViolations, signedInAs, site, useTabs, visit } from './support/browser.js';

/** Chooses an option of an MUI select inside `scope` (a form or the page). */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, field: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('rivals, live', () => {
  const open = useTabs();
  let game: Game;
  let gp: TrackVariant;
  let indy: TrackVariant;
  let car: Car;

  beforeAll(async () => {
    const em = site().em();
    await newMember(em, 'driver', { profile: { driverNumber: 44, steamUsername: 'DaniDrives' } });
    const captain = await newMember(em, 'captain', { profile: { driverNumber: 12, steamUsername: 'CaptainCara' } });
    ({ game, gp, indy } = await newGameWithTrack(em, ['PC', 'XBOX']));
    car = await newCar(em, game, { name: 'Porsche 992 GT3 R' });
    await newRivalsServer(em, { game, tracks: [gp], platform: 'PC', name: 'Paddock PC Rivals' });
    await newRivalTime(em, { profile: captain.profile, game, track: gp, car, timeMs: 101_500 });
    await newRivalTime(em, { profile: captain.profile, game, track: indy, car, timeMs: 52_123, status: 'PROVISIONAL' });
  });

  it("shows a driver's new time on another browser's open board and Home card without a reload", async () => {
    const boardPath = `/rivals/pc/${game.id}/${gp.id}`;
    const viewer = await open();
    await visit(viewer, boardPath);
    expect(await pageHeading(viewer)).toBe('Rivals');
    const board = viewer.getByRole('table', { name: 'Rivals: Brands Hatch · GP' });
    await board.getByRole('link', { name: /CaptainCara/ }).waitFor();

    const home = await open();
    await visit(home, '/');
    const pcCard = home.getByRole('region', { name: 'PC top three' });
    await pcCard.getByRole('link', { name: /CaptainCara/ }).waitFor({ timeout: 15_000 });
    await home.getByRole('region', { name: 'Xbox top three' }).getByText('No times set yet').waitFor();
    expect(await home.getByRole('link', { name: 'See all Xbox times' }).getAttribute('aria-disabled')).toBe('true');

    const driver = await open();
    await signedInAs(driver, 'driver', boardPath);
    const form = driver.getByRole('form', { name: 'Set a time' });
    await choose(driver, form, 'Car', 'Porsche 992 GT3 R');
    // The form says what is wrong beside the field, and sends nothing.
    await form.getByRole('textbox', { name: 'Lap time' }).fill('1:40.5');
    await form.getByRole('button', { name: 'Send time' }).click();
    await form.getByText('Use minutes:seconds.milliseconds, e.g. 1:47.123').waitFor();
    await form.getByRole('textbox', { name: 'Lap time' }).fill('1:40.250');
    await form.getByRole('textbox', { name: 'Video link' }).fill('https://youtu.be/dQw4w9WgXcQ');
    await form.getByRole('button', { name: 'Send time' }).click();
    await driver.getByText('Sent: 1:40.250 is provisional until a steward verifies it.').waitFor();
    await driver.getByRole('table', { name: 'My times' }).getByText('Waiting for a steward').waitFor();

    // The other browsers follow: the new leader on the board, marked provisional, and on Home's PC card.
    const leader = board.getByRole('row').nth(1);
    await leader.getByRole('link', { name: /DaniDrives/ }).waitFor({ timeout: 15_000 });
    await leader.getByText('Provisional').waitFor();
    await leader.getByText('1:40.250').waitFor();
    const second = board.getByRole('row').nth(2);
    await second.getByRole('link', { name: /CaptainCara/ }).waitFor();
    await second.getByText('+1.250').waitFor();
    await pcCard
      .getByRole('listitem')
      .first()
      .getByRole('link', { name: /DaniDrives/ })
      .waitFor({ timeout: 15_000 });

    expect(await seriousAxeViolations(viewer)).toEqual([]);
    expect(await seriousAxeViolations(home)).toEqual([]);
  });

  it('shows visitors the schedule with the visitor line, and signed-in users the next three days', async () => {
    const visitor = await open();
    await visit(visitor, '/');
    const schedule = visitor.getByRole('table', { name: 'Rivals schedule' });
    await schedule.getByRole('rowheader', { name: 'Paddock PC Rivals' }).waitFor({ timeout: 15_000 });
    await visitor.getByText('Login to see the schedule for the upcoming three days').waitFor();

    const driver = await open();
    await signedInAs(driver, 'driver');
    const row = driver.getByRole('row', { name: 'Paddock PC Rivals: open the schedule' });
    await row.waitFor({ timeout: 15_000 });
    await row.press('Enter');
    const dialog = driver.getByRole('dialog', { name: 'Paddock PC Rivals' });
    await dialog
      .getByText(/Brands Hatch/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await driver.getByText('Login to see the schedule for the upcoming three days').count()).toBe(0);
  });

  it('refuses a driver the admin rivals servers screen', async () => {
    const driver = await open();
    await signedInAs(driver, 'driver', '/admin/rivals/servers');
    expect(await pageHeading(driver)).toBe('You need the admin role');
    expect(await driver.getByRole('table', { name: 'Rivals servers' }).count()).toBe(0);
  });

  it('lets a steward reject a provisional time, and its driver sees the reason without a reload', async () => {
    const captain = await open();
    await signedInAs(captain, 'captain', `/rivals/pc/${game.id}/${indy.id}`);
    const myTimes = captain.getByRole('table', { name: 'My times' });
    const mine = myTimes.getByRole('row').filter({ hasText: '0:52.123' });
    await mine.getByText('Waiting for a steward').waitFor();

    const steward = await open();
    await signedInAs(steward, 'steward', '/steward/rivals/times');
    expect(await pageHeading(steward)).toBe('Provisional times');
    await steward.getByRole('button', { name: /^Reject .*CaptainCara's 0:52\.123$/ }).click();
    const dialog = steward.getByRole('dialog', { name: /^Reject .*CaptainCara's 0:52\.123$/ });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The screenshot does not show the car');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await steward
      .getByRole('button', { name: /CaptainCara's 0:52\.123$/ })
      .first()
      .waitFor({ state: 'detached' });

    await mine.getByText('Rejected').waitFor({ timeout: 15_000 });
    await mine.getByText('Reason: The screenshot does not show the car').waitFor();
    expect(await seriousAxeViolations(steward)).toEqual([]);
  });

  it('lets a driver pick a rival from the drivers with a time on the current track and shows the gap', async () => {
    const driver = await open();
    await signedInAs(driver, 'driver', '/profile/rivals');
    expect(await pageHeading(driver)).toBe('My rivals');
    await driver.getByRole('list', { name: 'Drivers to pick' }).waitFor({ timeout: 15_000 });
    await driver.getByRole('button', { name: /^Pick .*CaptainCara for this track$/ }).click();
    const onTrack = driver.getByRole('list', { name: 'Rivals on Brands Hatch · GP' });
    await onTrack.getByRole('link', { name: /CaptainCara/ }).waitFor({ timeout: 15_000 });
    // The driver's 1:40.250 from the first test against CaptainCara's 1:41.500.
    await onTrack.getByText('+1.250 behind you').waitFor();
    await onTrack.getByRole('button', { name: /^Remove .*CaptainCara$/ }).click();
    await driver.getByRole('list', { name: 'Rivals on Brands Hatch · GP' }).waitFor({ state: 'detached' });
    expect(await seriousAxeViolations(driver)).toEqual([]);
  });

  it('lets an admin add a rivals server with its platform, tracks in order and rotation', async () => {
    const admin = await open();
    await signedInAs(admin, 'admin', '/admin/rivals/servers');
    expect(await pageHeading(admin)).toBe('Rivals servers');
    const servers = admin.getByRole('table', { name: 'Rivals servers' });
    await servers.getByRole('rowheader', { name: 'Paddock PC Rivals' }).waitFor();

    await admin.getByRole('button', { name: 'New server' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New rivals server' });
    // Nothing filled in: each field says what it needs.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Tracks is required').waitFor();

    await dialog.getByRole('textbox', { name: 'Name' }).fill('Paddock Xbox Rivals');
    await choose(admin, dialog, 'Game', game.name);
    await choose(admin, dialog, 'Platform or crossplay', 'Xbox');
    await choose(admin, dialog, 'Add a track', 'Brands Hatch · Indy');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await choose(admin, dialog, 'Add a track', 'Brands Hatch · GP');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Move Brands Hatch · GP up' }).click();
    await dialog.getByText('1. Brands Hatch · GP').waitFor();
    await dialog.getByRole('spinbutton', { name: 'Hours' }).fill('6');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = servers.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'Paddock Xbox Rivals' }) });
    await row.getByText('every 6 h').waitFor();
    await row.getByText('Brands Hatch · GP (2 in rotation)').waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
  });
});
