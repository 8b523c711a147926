import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { newCar, newGame, newGameWithTrack } from '../factories/catalogue.js';
import { Race } from '../../backend/src/modules/events/event.entities.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newRivalsServer, newRivalTime } from '../factories/rivals.js';
import { newDriver, newMember } from '../factories/users.js';
import { site, useTabs, visit, signedInAs, type DemoAccount } from './support/browser.js';

/** A field by how a person finds it: a text box (by its label), a choice, a group of checkboxes, or a file. */
interface Field {
  label: string;
  kind?: 'combobox' | 'group';
}

/** A value the server refuses although the form lets it through, and the field its 400 must land on. */
interface Refusal {
  fill: (form: Locator) => Promise<void>;
  field: Field;
  message: RegExp;
}

/** One form of the site: who opens it where, how to reach it, its submit button, its required fields and a refusal. */
interface FormCase {
  name: string;
  account: Exclude<DemoAccount, 'notmember'>;
  path: () => string;
  open?: (page: Page) => Promise<void>;
  form: (page: Page) => Locator;
  submit: string;
  required: Field[];
  refusal?: Refusal;
}

const NOT_AN_IMAGE = { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image') };

/** A file that says it is an image but is not: the API refuses it with a 400 naming the image field. */
const notAnImage = (label: string) => async (form: Locator) => fieldIn(form, { label }).setInputFiles(NOT_AN_IMAGE);

let competitionId = 0;
/** A season whose first round was raced a day ago (driver and captain in its results), and a ticket about it. */
let raced = { competitionId: 0, seasonId: 0, ticketId: 0 };
/** A PC rivals board (a server rotating through its track) with one console time waiting for a steward. */
let board = '';

const FORMS: FormCase[] = [
  {
    name: 'game',
    account: 'admin',
    path: () => '/admin/games/new',
    form: (page) => page.getByRole('form', { name: 'New game' }),
    submit: 'Create game',
    required: [{ label: 'Name' }, { label: 'Platforms', kind: 'group' }],
    refusal: {
      fill: async (form) => {
        await fieldIn(form, { label: 'Name' }).fill('x'.repeat(65));
        await form.getByRole('checkbox', { name: 'PC' }).check();
      },
      field: { label: 'Name' },
      message: /^Name must be shorter than or equal to 64 characters/,
    },
  },
  {
    name: 'track',
    account: 'admin',
    path: () => '/admin/tracks/new',
    form: (page) => page.getByRole('form', { name: 'New track' }),
    submit: 'Create track',
    required: [{ label: 'Game', kind: 'combobox' }, { label: 'Track name' }, { label: 'Country' }, { label: 'Variant 1 name' }, { label: 'Variant 1 length (m)' }],
  },
  {
    name: 'car',
    account: 'admin',
    path: () => '/admin/cars',
    open: (page) => page.getByRole('button', { name: 'New car' }).click(),
    form: (page) => page.getByRole('form', { name: 'New car' }),
    submit: 'Add car',
    required: [{ label: 'Car name' }, { label: 'Class' }],
    refusal: {
      fill: async (form) => {
        await fieldIn(form, { label: 'Car name' }).fill('Porsche 911 GT3 R');
        await fieldIn(form, { label: 'Class' }).fill('G'.repeat(33));
      },
      field: { label: 'Class' },
      message: /^Class must be shorter than or equal to 32 characters/,
    },
  },
  {
    name: 'affiliate',
    account: 'admin',
    path: () => '/admin/affiliates/new',
    form: (page) => page.getByRole('form', { name: 'New affiliate' }),
    submit: 'Create affiliate',
    required: [{ label: 'Name' }],
    refusal: {
      // The link is prefilled with "https://", which is not yet a web address.
      fill: (form) => fieldIn(form, { label: 'Name' }).fill('Sim Parts'),
      field: { label: 'Affiliate link' },
      message: /web address/,
    },
  },
  {
    name: 'product',
    account: 'admin',
    path: () => '/merchandise',
    open: (page) => page.getByRole('button', { name: 'New product' }).click(),
    form: (page) => page.getByRole('form', { name: 'New product' }),
    submit: 'Create product',
    required: [{ label: 'Name' }, { label: 'Price' }],
  },
  {
    name: 'download',
    account: 'admin',
    path: () => '/downloads',
    open: (page) => page.getByRole('button', { name: 'New download' }).click(),
    form: (page) => page.getByRole('form', { name: 'New download' }),
    submit: 'Upload',
    required: [{ label: 'Title' }, { label: 'File' }],
  },
  {
    name: 'competition group',
    account: 'admin',
    path: () => '/organizer/competitions/groups/new',
    form: (page) => page.getByRole('form', { name: 'New group' }),
    submit: 'Create group',
    required: [{ label: 'Name' }],
    refusal: {
      fill: async (form) => {
        await fieldIn(form, { label: 'Name' }).fill('Sprint series');
        await notAnImage('Icon')(form);
      },
      field: { label: 'Icon' },
      message: /must be an image/,
    },
  },
  {
    name: 'competition',
    account: 'organizer',
    path: () => '/organizer/competitions/new',
    form: (page) => page.getByRole('form', { name: 'New competition' }),
    submit: 'Create competition',
    required: [{ label: 'Name' }, { label: 'Platforms', kind: 'group' }],
  },
  {
    name: 'season',
    account: 'organizer',
    path: () => `/organizer/competitions/${competitionId}/seasons/new`,
    form: (page) => page.getByRole('form', { name: 'New season' }),
    submit: 'Create season',
    required: [{ label: 'Name' }],
  },
  {
    name: 'event',
    account: 'organizer',
    path: () => '/organizer/events/new',
    form: (page) => page.getByRole('form', { name: 'New event' }),
    submit: 'Create event',
    required: [{ label: 'Name' }, { label: 'Start' }, { label: 'Game', kind: 'combobox' }, { label: 'Platforms', kind: 'group' }],
  },
  {
    name: 'team',
    account: 'admin',
    path: () => '/admin/team/new',
    form: (page) => page.getByRole('form', { name: 'New team' }),
    submit: 'Create team',
    required: [{ label: 'Name' }],
    refusal: {
      fill: async (form) => {
        await fieldIn(form, { label: 'Name' }).fill('Night Owls');
        await notAnImage('Logo')(form);
      },
      field: { label: 'Logo' },
      message: /must be an image/,
    },
  },
  {
    name: 'bidding round',
    account: 'admin',
    path: () => '/admin/biddingconfig',
    open: (page) => page.getByRole('button', { name: 'New round' }).click(),
    form: (page) => page.getByRole('form', { name: 'New bidding round' }),
    submit: 'Save round',
    required: [{ label: 'Name' }],
  },
  {
    name: 'rivals server',
    account: 'admin',
    path: () => '/admin/rivals/servers',
    open: (page) => page.getByRole('button', { name: 'New server' }).click(),
    form: (page) => page.getByRole('form', { name: 'New rivals server' }),
    submit: 'Save',
    required: [{ label: 'Name' }, { label: 'Game', kind: 'combobox' }, { label: 'Platform or crossplay', kind: 'combobox' }],
  },
  {
    name: 'headline',
    account: 'admin',
    path: () => '/admin/headlines',
    form: (page) => page.getByRole('form', { name: 'New headline' }),
    submit: 'Add headline',
    required: [{ label: 'New headline' }],
  },
  {
    name: 'role grant',
    account: 'admin',
    path: () => '/admin/roles',
    form: (page) => page.getByRole('form', { name: 'Grant a role' }),
    submit: 'Grant',
    required: [
      { label: 'User', kind: 'combobox' },
      { label: 'Role', kind: 'combobox' },
    ],
  },
  {
    name: 'ticket',
    account: 'driver',
    path: () => `/events/competitions/current/${raced.competitionId}/season/${raced.seasonId}`,
    open: (page) => page.getByRole('button', { name: /^Report an incident in/ }).click(),
    // Its submit button is in the dialog's actions, below the form.
    form: (page) => page.getByRole('dialog', { name: 'Report an incident' }),
    submit: 'File ticket',
    required: [{ label: 'Drivers involved', kind: 'group' }, { label: 'What happened' }],
  },
  {
    name: "stewards' thread",
    account: 'steward',
    path: () => `/steward/tickets/${raced.ticketId}`,
    form: (page) => page.getByRole('form', { name: "Post to the stewards' thread" }),
    submit: 'Post message',
    required: [{ label: 'Message to the stewards' }],
    refusal: {
      fill: (form) => fieldIn(form, { label: 'Message to the stewards' }).fill('x'.repeat(4001)),
      field: { label: 'Message to the stewards' },
      message: /^Message to the stewards must be shorter than or equal to 4000 characters/,
    },
  },
  {
    // The accused captain answers from their own profile's tickets, while the filing window is open.
    name: 'party statement',
    account: 'captain',
    path: () => '/profile',
    open: (page) => page.getByRole('button', { name: `Open ticket #${raced.ticketId}` }).click(),
    form: (page) => page.getByRole('form', { name: 'Your statement' }),
    submit: 'Add statement',
    required: [{ label: 'What happened from your side' }],
  },
  {
    // The accused are prefilled as the drivers of its outcomes; the reason is left to the steward.
    name: 'steward vote',
    account: 'steward',
    path: () => `/steward/tickets/${raced.ticketId}`,
    form: (page) => page.getByRole('form', { name: 'Your vote' }),
    submit: 'Cast vote',
    required: [{ label: 'Reason for your vote' }],
    refusal: {
      fill: (form) => fieldIn(form, { label: 'Reason for your vote' }).fill('x'.repeat(4001)),
      field: { label: 'Reason for your vote' },
      message: /^Reason for your vote must be shorter than or equal to 4000 characters/,
    },
  },
  {
    name: 'race video',
    account: 'organizer',
    path: () => '/media',
    form: (page) => page.getByRole('form', { name: 'Race video' }),
    submit: 'Save video',
    required: [{ label: 'Race', kind: 'combobox' }, { label: 'YouTube link' }],
    refusal: {
      fill: async (form) => {
        await fieldIn(form, { label: 'Race', kind: 'combobox' }).click();
        await form
          .page()
          .getByRole('option', { name: /^Round 1 at Spa/ })
          .click();
        await fieldIn(form, { label: 'YouTube link' }).fill('https://example.com/not-a-video');
      },
      field: { label: 'YouTube link' },
      message: /^YouTube link must be a YouTube video URL/,
    },
  },
  {
    // The board's game, track and platform come with it; the car and the time are the driver's to give.
    name: 'rivals lap time',
    account: 'driver',
    path: () => board,
    form: (page) => page.getByRole('form', { name: 'Set a time' }),
    submit: 'Send time',
    required: [{ label: 'Car', kind: 'combobox' }, { label: 'Lap time' }],
  },
  {
    name: 'rejecting a provisional time',
    account: 'steward',
    path: () => '/steward/rivals/times',
    open: (page) =>
      page
        .getByRole('button', { name: /^Reject / })
        .first()
        .click(),
    form: (page) => page.getByRole('dialog', { name: /^Reject / }),
    submit: 'Reject',
    required: [{ label: 'Reason' }],
    refusal: {
      fill: (form) => fieldIn(form, { label: 'Reason' }).fill('x'.repeat(501)),
      field: { label: 'Reason' },
      message: /^Reason must be shorter than or equal to 500 characters/,
    },
  },
  {
    name: 'driver profile',
    account: 'rookie',
    path: () => '/profile',
    form: (page) => page.getByRole('form', { name: 'Driver profile' }),
    submit: 'Save profile',
    required: [{ label: 'Driver number' }],
  },
];

async function racedSeasonWithTicket(): Promise<typeof raced> {
  const em = site().em();
  const driver = await newMember(em, 'driver');
  const captain = await newMember(em, 'captain');
  const competition = await newCompetition(em, { name: 'Friday Endurance' });
  // Raced a day ago: past the cool-down, before the protest deadline.
  const round = await newEvent(em, { name: 'Round 1 at Spa', startsAt: new Date(Date.now() - 24 * 3600 * 1000) });
  const season = await newSeason(em, competition, { name: 'Season 1', events: [round] });
  const race = await em.findOneOrFail(Race, { raceEvent: { event: round.id } });
  const results = [
    { profileId: captain.profile.id, position: 1, status: 'FINISHED', laps: 10, totalTimeMs: 902_250 },
    { profileId: driver.profile.id, position: 2, status: 'FINISHED', laps: 10, totalTimeMs: 903_500 },
  ];
  const saved = await site().api(`/seasons/${season.id}/events/${round.id}/results/${race.id}`, { method: 'PUT', as: await site().signIn('organizer'), json: { results } });
  expect(saved.status).toBe(200);
  const ticket = { raceId: race.id, accusedProfileIds: [captain.profile.id], description: 'Divebomb into La Source with no overlap.', evidence: [] };
  const filed = await site().api('/tickets', { method: 'POST', as: await site().signIn('driver'), json: ticket });
  expect(filed.status).toBe(201);
  return { competitionId: competition.id, seasonId: season.id, ticketId: ((await filed.json()) as { id: number }).id };
}

async function rivalsBoardWithProvisionalTime(): Promise<string> {
  const em = site().em();
  const { game, gp } = await newGameWithTrack(em, ['PC']);
  const car = await newCar(em, game, { name: 'Porsche 992 GT3 R' });
  await newRivalsServer(em, { game, tracks: [gp], platform: 'PC' });
  const { profile } = await newDriver(em);
  await newRivalTime(em, { profile, game, track: gp, car, timeMs: 101_500, status: 'PROVISIONAL' });
  return `/rivals/pc/${game.id}/${gp.id}`;
}

/** A label as shown: a required field's label ends with an asterisk. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

function fieldIn(form: Locator, { label, kind }: Field): Locator {
  if (kind === 'group') return form.getByRole('group', { name: labelled(label) });
  if (kind === 'combobox') return form.getByRole('combobox', { name: labelled(label) });
  return form.getByLabel(labelled(label));
}

/** Whether the field is marked invalid, and the text of what describes it (aria-describedby). */
async function feedbackOf(field: Locator): Promise<{ invalid: string | null; description: string }> {
  await field.first().waitFor();
  return field.first().evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return {
      invalid: element.getAttribute('aria-invalid'),
      description: ids.map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '').join(' '),
    };
  });
}

async function openForm(page: Page, form: FormCase): Promise<Locator> {
  await visit(page, form.path());
  await form.open?.(page);
  const found = form.form(page);
  await found.waitFor();
  return found;
}

describe('every form says what is wrong, beside the field', () => {
  const open = useTabs();

  beforeAll(async () => {
    const em = site().em();
    await newGame(em, { name: 'Forza Motorsport', platforms: ['PC', 'XBOX'] });
    competitionId = (await newCompetition(em, { name: 'Thursday GT Cup' })).id;
    raced = await racedSeasonWithTicket();
    board = await rivalsBoardWithProvisionalTime();
  });

  it('submitted empty, names each required field by its label; a value the server refuses lands on its field', async () => {
    const pages = new Map<string, Page>();
    const found: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const form of FORMS) {
      let page = pages.get(form.account);
      if (!page) {
        page = await open();
        await signedInAs(page, form.account);
        pages.set(form.account, page);
      }
      const shown = await openForm(page, form);
      await shown.getByRole('button', { name: form.submit, exact: true }).click();
      await shown.getByRole('alert').first().waitFor();
      for (const field of form.required) {
        const key = `${form.name}: ${field.label}`;
        const { invalid, description } = await feedbackOf(fieldIn(shown, field));
        found[key] = { invalid, namesLabel: description.toLowerCase().includes(field.label.toLowerCase()) };
        expected[key] = { invalid: 'true', namesLabel: true };
      }
      if (!form.refusal) continue;
      const again = await openForm(page, form);
      await form.refusal.fill(again);
      await again.getByRole('button', { name: form.submit, exact: true }).click();
      await again.getByRole('alert').first().waitFor();
      const key = `${form.name} refused: ${form.refusal.field.label}`;
      const field = fieldIn(again, form.refusal.field);
      const { invalid, description } = await feedbackOf(field);
      found[key] = { invalid, message: form.refusal.message.test(description) ? 'as expected' : description };
      expected[key] = { invalid: 'true', message: 'as expected' };
    }
    expect(found).toEqual(expected);
  }, 240_000);
});
