import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '../../backend/src/contracts/api.js';
import { AUDIT_KINDS, type AuditKind, type AuditLogEntryDto } from '../../backend/src/contracts/audit.js';
import { TOKEN_MARKET_RULES } from '../../backend/src/contracts/bidding.js';
import type { BiddingRoundDto } from '../../backend/src/contracts/bidding.js';
import type { AffiliateDto, DownloadDto, ProductDto } from '../../backend/src/contracts/community.js';
import type { CompetitionDto, CompetitionGroupDto, ResultImportPreviewDto, SeasonDto } from '../../backend/src/contracts/competitions.js';
import type { HeadlineDto } from '../../backend/src/contracts/client-events.js';
import { driverDisplayName } from '../../backend/src/contracts/driver-name.js';
import type { EventDetailsDto } from '../../backend/src/contracts/events.js';
import type { TeamDto } from '../../backend/src/contracts/teams.js';
import { BiddingSettlementService } from '../../backend/src/modules/bidding/bidding-settlement.service.js';
import type { Car, Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { newBiddingRound } from '../factories/bidding.js';
import { newCar, newGame, newTrack } from '../factories/catalogue.js';
import { FILES } from '../factories/community.js';
import { newCompetition, newSeason, pointsSystem } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newRivalTime } from '../factories/rivals.js';
import { newStewardedRound } from '../factories/stewarding.js';
import { multipart } from '../factories/uploads.js';
import { newMember, type Member } from '../factories/users.js';
import { json } from '../support/responses.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 3600 * 1000;
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures/results', name));

/**
 * The audit log beyond roles, decisions and the catalogue: results, competitions and seasons, events,
 * teams, community, bidding and rivals each record their staff changes with who, what, before and
 * after, and the admin screen's filters (kind and author) find them.
 */
describe('audit log: every area of staff changes', () => {
  let t: TestApp;
  let as: Record<'admin' | 'organizer' | 'steward', CookieJar>;
  let admin: Member;
  let organizer: Member;
  let steward: Member;
  let driver: Member;
  let acc: Game;
  let monza: TrackVariant;
  let car: Car;
  let season: Season;
  let downloads: string;

  /** The newest entry of the kind by that author, as the admin screen's filters ask for it (exactly one of this kind and author expected new). */
  const newest = async (kind: AuditKind, author: Member | null): Promise<AuditLogEntryDto> => {
    const page = await json<Page<AuditLogEntryDto>>(await t.request(`/api/audit?kind=${kind}${author ? `&actor=${author.user.id}` : ''}`, { as: as.admin }));
    expect(page.totalElements).toBeGreaterThan(0);
    for (const entry of page.content) expect(entry.kind).toBe(kind);
    return page.content[0];
  };
  const entriesOf = async (kind: AuditKind) => (await json<Page<AuditLogEntryDto>>(await t.request(`/api/audit?kind=${kind}&pageSize=100`, { as: as.admin }))).content;

  beforeAll(async () => {
    downloads = await mkdtemp(path.join(os.tmpdir(), 'paddock-audit-downloads-'));
    t = await startTestApp({ env: { DOWNLOADS_DIR: downloads } });
    const em = t.em();
    admin = await newMember(em, 'admin', { roles: ['ADMIN'] });
    organizer = await newMember(em, 'organizer');
    steward = await newMember(em, 'steward');
    driver = await newMember(em, 'driver');
    as = { admin: await t.signIn('admin'), organizer: await t.signIn('organizer'), steward: await t.signIn('steward') };
    acc = await newGame(em, { name: 'Assetto Corsa Competizione', platforms: ['PC'] });
    monza = (await newTrack(em, acc, { name: 'Monza', country: 'IT' })).variants[0];
    car = await newCar(em, acc, { name: 'Ferrari 296 GT3' });
    season = await newSeason(em, await newCompetition(em, { game: acc, name: 'GT3 Sprint Cup' }), { name: 'Season 3' });
  });
  afterAll(async () => {
    await t.close();
    await rm(downloads, { recursive: true, force: true });
  });

  it('records results saves, imports and reverts with the classification before and after, named by round, track and season', async () => {
    const round = await newStewardedRound(t.em(), season, { game: acc, track: monza, hoursAgo: 3, drivers: [driver.profile, organizer.profile] });
    const results = `/api/seasons/${season.id}/events/${round.event.id}/results/${round.raceId}`;
    const line = (profileId: number, position: number) => ({ profileId, position, status: 'FINISHED', laps: 10, totalTimeMs: 1_800_000 + position * 1000 });
    await json(await t.request(results, { method: 'PUT', as: as.organizer, json: { results: [line(driver.profile.id, 1), line(organizer.profile.id, 2)] } }));
    const saved = await newest('race-results', organizer);
    expect(saved).toMatchObject({
      entityId: String(round.raceId),
      label: `Results of ${round.event.name}, Monza race 1 (GT3 Sprint Cup, Season 3)`,
      action: 'saved',
      before: null,
      after: {
        revision: 1,
        session: 'RACE',
        results: [expect.objectContaining({ driver: driverDisplayName(driver.profile), position: 1 }), expect.objectContaining({ position: 2 })],
      },
    });

    // By API key too: the key's user is the author.
    const { key } = await json<{ key: string }>(await t.request('/api/users/me/apiKey', { method: 'POST', as: as.organizer }), 201);
    const swapped = await t.request(results, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ results: [line(organizer.profile.id, 1), line(driver.profile.id, 2)] }),
    });
    expect(swapped.status).toBe(200);
    expect(await newest('race-results', organizer)).toMatchObject({
      action: 'saved',
      before: { revision: 1, results: [expect.objectContaining({ driver: driverDisplayName(driver.profile), position: 1 }), expect.any(Object)] },
      after: { revision: 2, results: [expect.objectContaining({ driver: driverDisplayName(organizer.profile), position: 1 }), expect.any(Object)] },
    });

    await json(await t.request(`${results}/revisions/1/revert`, { method: 'POST', as: as.organizer }));
    expect(await newest('race-results', organizer)).toMatchObject({
      action: 'reverted to revision 1',
      before: { revision: 2, results: [expect.objectContaining({ driver: driverDisplayName(organizer.profile), position: 1 }), expect.any(Object)] },
      after: { revision: 3, results: [expect.objectContaining({ driver: driverDisplayName(driver.profile), position: 1 }), expect.any(Object)] },
    });

    const file = () => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(fixture('acc-guests.json'))]), 'acc-guests.json');
      return form;
    };
    const preview = await json<ResultImportPreviewDto>(await t.request(`${results}/import/preview`, { method: 'POST', as: as.organizer, body: file() }));
    const form = file();
    form.set('decisions', JSON.stringify(Object.fromEntries(preview.lines.flatMap((each) => each.drivers.map((one) => [one.key, 'GUEST'])))));
    form.set('confirmMismatch', 'true');
    await json(await t.request(`${results}/import`, { method: 'POST', as: as.organizer, body: form }));
    const imported = await newest('race-results', organizer);
    expect(imported).toMatchObject({ action: 'imported from acc-guests.json', before: { revision: 3 }, after: { revision: 4 } });
    expect((imported.after as { results: unknown[] }).results).toHaveLength(preview.lines.filter((each) => each.drivers.length).length);
  });

  it('records competition groups, competitions, seasons and their rounds, each with the settings before and after', async () => {
    const group = await json<CompetitionGroupDto>(
      await t.request('/api/competitions/groups', { method: 'PUT', as: as.admin, body: multipart('group', { name: 'Audit GT' }) }),
    );
    expect(await newest('competition-group', admin)).toMatchObject({
      entityId: String(group.id),
      label: 'Audit GT',
      action: 'created',
      before: null,
      after: { name: 'Audit GT' },
    });

    const body = { name: 'Audit Cup', style: 'SOLO', platforms: ['PC'], game: { id: acc.id } };
    const competition = await json<CompetitionDto>(await t.request('/api/competitions', { method: 'PUT', as: as.organizer, body: multipart('competition', body) }));
    await json(
      await t.request('/api/competitions', { method: 'PUT', as: as.organizer, body: multipart('competition', { ...body, id: competition.id, name: 'Audit Cup II' }) }),
    );
    expect(await newest('competition', organizer)).toMatchObject({
      label: 'Audit Cup II',
      action: 'saved',
      before: { name: 'Audit Cup', game: acc.id, platforms: ['PC'] },
      after: { name: 'Audit Cup II', game: acc.id },
    });

    const saveSeason = (fields: Record<string, unknown>) =>
      t.request(`/api/competitions/${competition.id}/seasons`, { method: 'PUT', as: as.organizer, json: { name: '2027', pointsSystem: pointsSystem(), ...fields } });
    const created = await json<SeasonDto>(await saveSeason({}));
    await json(await saveSeason({ id: created.id, rules: 'No divebombs' }));
    expect(await newest('season', organizer)).toMatchObject({
      entityId: String(created.id),
      label: 'Audit Cup II, 2027',
      action: 'saved',
      before: { name: '2027', rules: null },
      after: { name: '2027', rules: 'No divebombs', pointsSystem: expect.any(Object) },
    });

    const setRounds = (eventIds: number[]) => t.request(`/api/seasons/${created.id}/events`, { method: 'PUT', as: as.organizer, json: { eventIds } });
    const round = await newEvent(t.em(), { game: acc, track: monza, startsAt: new Date(Date.now() + 48 * HOUR) });
    await json(await setRounds([round.id]));
    const count = (await entriesOf('season')).length;
    expect(await newest('season', organizer)).toMatchObject({ action: 'rounds changed', before: { rounds: [] }, after: { rounds: [round.name] } });
    // The same rounds again change nothing: nothing is recorded.
    await json(await setRounds([round.id]));
    expect((await entriesOf('season')).length).toBe(count);
  });

  it("records organizers' events: created, edited, a driver entered by them, and cancelled (unpublished)", async () => {
    const body = {
      name: 'Audit Night',
      date: new Date(Date.now() + 72 * HOUR).toISOString(),
      game: { id: acc.id },
      platforms: ['PC'],
      seats: 20,
      competitionStyle: 'SOLO',
      carTuningRule: 'DISALLOWED',
      carUpgradeRule: 'ALLOWED',
      raceEvents: [{ track: { id: monza.id }, races: [{ raceEventType: 'RACE', laps: 12 }] }],
    };
    const event = await json<EventDetailsDto>(await t.request('/api/events/individual', { method: 'PUT', as: as.organizer, body: multipart('event', body) }));
    await json(await t.request('/api/events/individual', { method: 'PUT', as: as.organizer, body: multipart('event', { ...body, id: event.id, seats: 30 }) }));
    const [edited, created] = (await entriesOf('event')).filter((entry) => entry.entityId === String(event.id));
    expect(created).toMatchObject({ label: 'Audit Night', action: 'created', before: null, after: { name: 'Audit Night', seats: 20, published: false } });
    expect(edited).toMatchObject({
      actor: { userId: organizer.user.id },
      action: 'saved',
      before: { seats: 20, raceEvents: [{ trackVariant: monza.id, races: [{ type: 'RACE', laps: 12 }] }] },
      after: { seats: 30 },
    });

    await json(await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as: as.organizer, json: { profileId: driver.profile.id, attending: true } }));
    expect(await newest('event', organizer)).toMatchObject({
      label: expect.stringMatching(/^Audit Night: ./),
      action: 'driver entered',
      before: { driver: driverDisplayName(driver.profile), entered: false },
      after: { driver: driverDisplayName(driver.profile), entered: true },
    });

    await json(await t.request(`/api/events/${event.id}/publish?publish=true`, { as: as.organizer }));
    await json(await t.request(`/api/events/${event.id}/publish?publish=false`, { as: as.organizer }));
    expect(await newest('event', organizer)).toMatchObject({ action: 'unpublished (cancelled)', before: { published: true }, after: { published: false } });
  });

  it('records admin team edits: created, renamed, captains appointed, deleted', async () => {
    const save = (team: Record<string, unknown>) => {
      const form = new FormData();
      form.append('team', JSON.stringify(team));
      return t.request('/api/teams', { method: 'PUT', as: as.admin, body: form });
    };
    const team = await json<TeamDto>(await save({ name: 'Audit Racing', tag: 'AUD' }));
    await json(await save({ id: team.id, name: 'Audit Racing Team', tag: 'AUD' }));
    await json(await t.request(`/api/teams/${team.id}/captains`, { method: 'PUT', as: as.admin, json: { profileIds: [driver.profile.id] } }));
    expect((await t.request(`/api/teams/${team.id}`, { method: 'DELETE', as: as.admin })).status).toBe(204);
    const [deleted, captains, renamed, created] = (await entriesOf('team')).filter((entry) => entry.entityId === String(team.id));
    expect(created).toMatchObject({ action: 'created', label: 'Audit Racing', before: null, after: { name: 'Audit Racing', tag: 'AUD', members: [] } });
    expect(renamed).toMatchObject({ action: 'saved', before: { name: 'Audit Racing' }, after: { name: 'Audit Racing Team' } });
    expect(captains).toMatchObject({ action: 'captains appointed', before: { members: [] }, after: { members: [{ userId: driver.user.id, captain: true }] } });
    expect(deleted).toMatchObject({ actor: { userId: admin.user.id }, action: 'deleted', label: 'Audit Racing Team', after: null });
  });

  it('records affiliates and headlines kept by admins', async () => {
    const saveAffiliate = (affiliate: Record<string, unknown>) => t.request('/api/affiliates/admin', { method: 'PUT', as: as.admin, body: multipart('affiliate', affiliate) });
    const affiliate = await json<AffiliateDto>(await saveAffiliate({ name: 'Audit Wheels', affiliateUrl: 'https://wheels.example' }));
    await json(await saveAffiliate({ id: affiliate.id, name: 'Audit Wheels', affiliateUrl: 'https://wheels.example/new' }));
    expect((await t.request(`/api/affiliates/admin/${affiliate.id}`, { method: 'DELETE', as: as.admin })).status).toBe(204);
    const [deleted, saved] = await entriesOf('affiliate');
    expect(saved).toMatchObject({ action: 'saved', before: { affiliateUrl: 'https://wheels.example' }, after: { affiliateUrl: 'https://wheels.example/new' } });
    expect(deleted).toMatchObject({ action: 'deleted', label: 'Audit Wheels', before: { name: 'Audit Wheels' }, after: null });

    const headline = await json<HeadlineDto>(await t.request('/api/headlines', { method: 'POST', as: as.admin, json: { text: 'Season 3 starts Friday' } }), 201);
    await json(await t.request(`/api/headlines/${headline.id}`, { method: 'PUT', as: as.admin, json: { text: 'Season 3 starts Saturday' } }));
    expect(await newest('headline', admin)).toMatchObject({
      label: 'Season 3 starts Friday',
      action: 'saved',
      before: { text: 'Season 3 starts Friday' },
      after: { text: 'Season 3 starts Saturday' },
    });
  });

  it('records merchandise and downloads kept by admins', async () => {
    const product = { name: 'Audit cap', price: '20.00', currency: 'EUR', shopUrl: 'https://shop.example/cap' };
    const saved = await json<ProductDto>(await t.request('/api/merchandise/admin', { method: 'PUT', as: as.admin, body: multipart('product', product) }));
    await json(await t.request('/api/merchandise/admin', { method: 'PUT', as: as.admin, body: multipart('product', { ...product, id: saved.id, price: '25.00' }) }));
    expect(await newest('product', admin)).toMatchObject({ label: 'Audit cap', action: 'saved', before: { price: '20.00' }, after: { price: '25.00' } });

    const form = new FormData();
    form.set('download', JSON.stringify({ title: 'Audit rulebook', category: 'RULEBOOK', version: '1.0' }));
    form.set('file', new Blob([new Uint8Array(FILES.pdf())], { type: 'application/pdf' }), 'rules.pdf');
    const download = await json<DownloadDto>(await t.request('/api/downloads/admin', { method: 'PUT', as: as.admin, body: form }));
    expect((await t.request(`/api/downloads/admin/${download.id}`, { method: 'DELETE', as: as.admin })).status).toBe(204);
    const [deleted, created] = await entriesOf('download');
    expect(created).toMatchObject({ label: 'Audit rulebook', action: 'created', before: null, after: { title: 'Audit rulebook', version: '1.0', newFile: 'rules.pdf' } });
    expect(deleted).toMatchObject({ action: 'deleted', before: { title: 'Audit rulebook' }, after: null });
  });

  it("records a bidding round's settings and its settlement (by the system)", async () => {
    const body = {
      name: 'Audit market',
      seasonId: null,
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      closesAt: new Date(Date.now() + 96 * HOUR).toISOString(),
      ...TOKEN_MARKET_RULES,
      lots: [{ kind: 'NUMBER', label: '44' }],
    };
    const round = await json<BiddingRoundDto>(await t.request('/api/bidding/rounds', { method: 'PUT', as: as.organizer, json: body }));
    await json(await t.request('/api/bidding/rounds', { method: 'PUT', as: as.organizer, json: { ...body, id: round.id, minimumBid: 20 } }));
    expect(await newest('bidding-round', organizer)).toMatchObject({
      label: 'Audit market',
      action: 'saved',
      before: { minimumBid: TOKEN_MARKET_RULES.minimumBid, lots: [{ kind: 'NUMBER', label: '44' }] },
      after: { minimumBid: 20 },
    });

    const closed = await newBiddingRound(t.em(), { name: 'Closed market', closesAt: new Date(Date.now() - 1000), lots: [{ kind: 'NUMBER', label: '12' }] });
    expect(await t.app.get(BiddingSettlementService).settleDue()).toBeGreaterThan(0);
    const settled = (await entriesOf('bidding-round')).find((entry) => entry.entityId === String(closed.id));
    expect(settled).toMatchObject({
      actor: null,
      label: 'Closed market',
      action: 'lots settled',
      before: { lots: [{ label: '12', settledAt: null }] },
      after: { lots: [{ label: '12', winner: null, settledAt: expect.any(String) }] },
    });
  });

  it("records stewards' verifying and rejecting of rivals times, named by driver, time and track", async () => {
    const first = await newRivalTime(t.em(), { profile: driver.profile, game: acc, track: monza, car, timeMs: 107_500, status: 'PROVISIONAL' });
    const second = await newRivalTime(t.em(), { profile: driver.profile, game: acc, track: monza, car, timeMs: 106_000, status: 'PROVISIONAL' });
    await json(await t.request(`/api/rivals/times/${first.id}/verify`, { method: 'POST', as: as.steward }));
    await json(await t.request(`/api/rivals/times/${second.id}/reject`, { method: 'POST', as: as.steward, json: { reason: 'No replay' } }));
    const [rejected, verified] = (await entriesOf('rivals-time')).filter((entry) => entry.actor?.userId === steward.user.id);
    expect(verified).toMatchObject({ entityId: String(first.id), action: 'verified', before: { status: 'PROVISIONAL' }, after: { status: 'VERIFIED' } });
    expect(verified.label).toMatch(/: 1:47\.500 at Monza /);
    expect(rejected).toMatchObject({ entityId: String(second.id), action: 'rejected', after: { status: 'REJECTED', rejectReason: 'No replay' } });
  });

  it("finds each area written here by the admin screen's kind filter, which offers every kind", async () => {
    // Roles, maintenance, the catalogue and stewarding are written by audit.int.spec.ts.
    const writtenElsewhere: AuditKind[] = ['user', 'game', 'track', 'car', 'site-setting', 'ticket', 'season-stewarding'];
    for (const kind of AUDIT_KINDS.filter((each) => !writtenElsewhere.includes(each))) {
      expect([kind, (await entriesOf(kind)).length > 0]).toEqual([kind, true]);
    }
  });
});
