import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import { PRIVATE_DRIVER } from '../../backend/src/contracts/driver-name.js';
import type { RaceResultsDto, StandingsDto } from '../../backend/src/contracts/competitions.js';
import {
  DEFAULT_STEWARDING_SETTINGS,
  type LicenceDto,
  type RaceStewardingDto,
  type SafetyCarDecisionDto,
  type TicketDto,
  type TicketListItemDto,
  type TicketOutcome,
  type TicketRequest,
} from '../../backend/src/contracts/stewarding.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { Ticket, TicketDecision } from '../../backend/src/modules/stewarding/stewarding.entities.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newEvent } from '../factories/events.js';
import { newStewardedRound, type StewardedRound } from '../factories/stewarding.js';
import { joinTeam, newTeam } from '../factories/teams.js';
import { newDriver, newMember, type Member } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { eventually } from '../support/eventually.js';
import { nextMessage, socketsClosedAfterEach, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { json } from '../support/responses.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const HOUR = 3600 * 1000;

/** Stewarding: filing inside the window, statements, votes and decisions by a majority or the head steward, penalties in results and standings, appeals, the licence ledger and bans. */
describe('stewarding', () => {
  let t: TestApp;
  let as: Record<'driver' | 'captain' | 'steward' | 'organizer' | 'admin' | 'rookie', CookieJar>;
  let driver: Member;
  let captain: Member;
  let steward: Member;
  let admin: Member;
  let organizer: Member;
  let others: DriverProfile[];
  let game: Game;
  let gp: TrackVariant;
  let season: Season;
  const open = socketsClosedAfterEach();
  const discord = new WebhookReceiver();

  const refused = async (response: Response, status: number): Promise<string> => {
    const body = (await response.json()) as { message: string; status: number };
    expect({ status: response.status, bodyStatus: body.status }).toEqual({ status, bodyStatus: status });
    return body.message;
  };
  const post = (path: string, caller: CookieJar | undefined, body: unknown) => t.request(path, { method: 'POST', as: caller, json: body });
  const ticketBody = (raceId: number, accused: DriverProfile[], more: Partial<TicketRequest> = {}): TicketRequest => ({
    raceId,
    accusedProfileIds: accused.map((profile) => profile.id),
    lap: 3,
    corner: 'Turn 1',
    description: 'Divebombed me into turn one and did not give the place back.',
    evidence: [{ url: 'https://video.example/onboard', time: '12:34' }],
    ...more,
  });
  const file = async (raceId: number, accused: DriverProfile[] = [captain.profile], by = as.driver) =>
    json<TicketDto>(await post('/api/tickets', by, ticketBody(raceId, accused)), 201);
  const vote = (id: number, caller: CookieJar, outcomes: TicketOutcome[]) => post(`/api/tickets/${id}/votes`, caller, { outcomes, reason: 'Caused a collision.' });
  const decide = (id: number, caller: CookieJar, outcomes: TicketOutcome[], reason = 'Caused a collision.') =>
    post(`/api/tickets/${id}/decision`, caller, { outcomes, reason });
  /** Two stewards vote the same; the first decides. */
  const decideByMajority = async (id: number, outcomes: TicketOutcome[]) => {
    await json(await vote(id, as.organizer, outcomes));
    await json(await vote(id, as.steward, outcomes));
    return json<TicketDto>(await decide(id, as.organizer, outcomes));
  };
  const ticketOf = (id: number, caller = as.steward) => t.request(`/api/tickets/${id}`, { as: caller });
  const round = (hoursAgo: number, drivers: DriverProfile[] = [driver.profile, captain.profile, ...others], of = season) =>
    newStewardedRound(t.em(), of, { game, track: gp, hoursAgo, drivers });
  const resultsPath = (r: StewardedRound, of = season) => `/api/seasons/${of.id}/events/${r.event.id}/results/${r.raceId}`;
  /** The organizer saves the classification in this order, one second apart. */
  const saveResults = async (r: StewardedRound, order: DriverProfile[], of = season) =>
    json<RaceResultsDto>(
      await t.request(resultsPath(r, of), {
        method: 'PUT',
        as: as.organizer,
        json: {
          results: order.map((profile, index) => ({ profileId: profile.id, position: index + 1, status: 'FINISHED', laps: 10, totalTimeMs: 1_200_000 + index * 1000 })),
        },
      }),
    );
  const results = (r: StewardedRound, of = season) => t.request(resultsPath(r, of)).then((response) => json<RaceResultsDto>(response));
  const order = (raceResults: RaceResultsDto) => raceResults.results.map((line) => [line.profileId, line.status]);
  const standings = async (of = season) => {
    await t.settled();
    return json<StandingsDto>(await t.request(`/api/seasons/${of.id}/standings`));
  };
  const pointsOf = (table: StandingsDto, profile: DriverProfile, eventId?: number) => {
    const row = table.drivers.find((standing) => standing.profile.id === profile.id);
    return eventId === undefined ? row?.points : row?.rounds.find((each) => each.eventId === eventId)?.points;
  };

  beforeAll(async () => {
    await discord.start();
    t = await startTestApp({ worker: true, env: { DISCORD_WEBHOOK_URL: discord.url } });
    const em = t.em();
    driver = await newMember(em, 'driver');
    captain = await newMember(em, 'captain');
    steward = await newMember(em, 'steward');
    organizer = await newMember(em, 'organizer');
    admin = await newMember(em, 'admin', { roles: ['ADMIN', 'HEAD_STEWARD'] });
    as = {
      driver: await t.signIn('driver'),
      captain: await t.signIn('captain'),
      steward: await t.signIn('steward'),
      organizer: await t.signIn('organizer'),
      admin: await t.signIn('admin'),
      rookie: await t.signIn('rookie'),
    };
    others = [(await newDriver(em)).profile, (await newDriver(em)).profile];
    ({ game, gp } = await newGameWithTrack(em, ['PC']));
    season = await newSeason(em, await newCompetition(em, { game, current: true }));
  });
  afterAll(async () => {
    await t.close();
    await discord.stop();
  });

  it('refuses every route to visitors (401) and to callers without the right (403); the safety-car list is public', async () => {
    const r = await round(2);
    const ticket = await file(r.raceId);
    const routes: [string, string, unknown][] = [
      ['POST', '/api/tickets', ticketBody(r.raceId, [captain.profile])],
      ['GET', '/api/tickets', undefined],
      ['GET', '/api/tickets/mine', undefined],
      ['GET', `/api/tickets/${ticket.id}`, undefined],
      ['POST', `/api/tickets/${ticket.id}/statements`, { text: 'I was there first.' }],
      ['POST', `/api/tickets/${ticket.id}/messages`, { text: 'Looks like a penalty.' }],
      ['POST', `/api/tickets/${ticket.id}/votes`, { outcomes: [{ kind: 'WARNING', profileId: captain.profile.id }], reason: 'x' }],
      ['POST', `/api/tickets/${ticket.id}/decision`, { outcomes: [{ kind: 'WARNING', profileId: captain.profile.id }], reason: 'x' }],
      ['POST', `/api/tickets/${ticket.id}/appeal`, { reason: 'Unfair.' }],
      ['GET', `/api/seasons/${season.id}/stewarding`, undefined],
      ['PUT', `/api/seasons/${season.id}/stewarding`, { coolDownMinutes: 0 }],
      ['GET', `/api/profile/${captain.profile.id}/licence`, undefined],
    ];
    for (const [method, path, body] of routes) expect([method, path, (await t.request(path, { method, json: body })).status]).toEqual([method, path, 401]);
    // The rookie is signed in, did not race, is no steward and no driver of the ticket.
    const forRookie = routes.filter(([, path]) => !path.endsWith('/mine') && !path.includes('/licence'));
    for (const [method, path, body] of forRookie) expect([method, path, (await t.request(path, { method, as: as.rookie, json: body })).status]).toEqual([method, path, 403]);
    expect((await t.request(`/api/seasons/${season.id}/stewarding`, { method: 'PUT', as: as.steward, json: { coolDownMinutes: 0 } })).status).toBe(403);
    expect((await t.request('/api/safety-car')).status).toBe(200);
    expect((await t.request(`/api/tickets/${ticket.id}`, { as: as.captain })).status).toBe(200);
    expect(await t.em().count(Ticket, {})).toBe(1);
  });

  it('files only inside the season’s window (409 saying it), only by a driver of the race against drivers of it', async () => {
    const early = await round(0.5);
    const message = await refused(await post('/api/tickets', as.driver, ticketBody(early.raceId, [captain.profile])), 409);
    const start = early.event.startsAt.getTime();
    // In words a person reads, in UTC: "Thu, 19 Nov 2026, 20:00 UTC", never an ISO time.
    const inUtc = (at: number) => {
      const moment = new Date(at);
      const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][moment.getUTCDay()];
      const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][moment.getUTCMonth()];
      const clock = [moment.getUTCHours(), moment.getUTCMinutes()].map((part) => String(part).padStart(2, '0')).join(':');
      return `${weekday}, ${moment.getUTCDate()} ${month} ${moment.getUTCFullYear()}, ${clock} UTC`;
    };
    expect(message).toBe(`Tickets for this race can be filed from ${inUtc(start + HOUR)} to ${inUtc(start + 48 * HOUR)}`);
    const late = await round(49);
    expect(await refused(await post('/api/tickets', as.driver, ticketBody(late.raceId, [captain.profile])), 409)).toMatch(/^Tickets for this race can be filed from /);

    const open = await round(2);
    expect(await refused(await post('/api/tickets', as.steward, ticketBody(open.raceId, [captain.profile])), 403)).toBe(
      `Only drivers who raced in race ${open.raceId} can file a ticket about it`,
    );
    const outsider = (await newDriver(t.em())).profile;
    const wrong = await post('/api/tickets', as.driver, ticketBody(open.raceId, [outsider]));
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      'accusedProfileIds.0': [`driver profile ${outsider.id} did not race in race ${open.raceId}`],
    });
    const bad = await post('/api/tickets', as.driver, { raceId: open.raceId, accusedProfileIds: [], description: 'short', evidence: [{ url: 'not a link' }] });
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string[]> }).errors).sort()).toEqual(['accusedProfileIds', 'description', 'evidence.0.url']);

    // Settings are per season: another season keeps tickets open for 100 h.
    const other = await newSeason(t.em(), await newCompetition(t.em(), { game }));
    const settings = {
      coolDownMinutes: 0,
      protestDeadlineMinutes: 6000,
      decisionDueMinutes: 60,
      panelSize: 3,
      majority: 2,
      appealWindowMinutes: 1440,
      licenceBanThreshold: 12,
      licenceBanEvents: 1,
      licenceExpiryEvents: 10,
    };
    expect(await json(await t.request(`/api/seasons/${other.id}/stewarding`, { method: 'PUT', as: as.organizer, json: settings }))).toEqual({
      seasonId: other.id,
      ...settings,
      panelHiddenUntilDecision: true,
    });
    const refusedSettings = await t.request(`/api/seasons/${other.id}/stewarding`, { method: 'PUT', as: as.organizer, json: { ...settings, majority: 4 } });
    expect(((await refusedSettings.json()) as { errors: Record<string, string[]> }).errors).toEqual({ majority: ['majority must be at most the panel size (3)'] });
    const lateInOther = await round(49, [driver.profile, captain.profile], other);
    const filed = await file(lateInOther.raceId);
    expect(filed).toMatchObject({
      state: 'OPEN',
      filer: { profileId: driver.profile.id, role: 'FILER' },
      accused: [{ profileId: captain.profile.id, role: 'ACCUSED' }],
      lap: 3,
      corner: 'Turn 1',
    });
    expect(await json(await t.request(`/api/seasons/${season.id}/stewarding`, { as: as.steward }))).toMatchObject({
      seasonId: season.id,
      coolDownMinutes: 60,
      protestDeadlineMinutes: 2880,
      majority: 2,
    });
  });

  it('lets the drivers of the ticket add statements inside the window; parties do not see the stewards’ thread', async () => {
    const r = await round(2);
    const ticket = await file(r.raceId);
    const answered = await json<TicketDto>(
      await post(`/api/tickets/${ticket.id}/statements`, as.captain, { text: 'He left the door open.', evidence: [{ url: 'https://video.example/mine' }] }),
    );
    expect(answered.statements).toEqual([
      expect.objectContaining({ author: expect.objectContaining({ profileId: captain.profile.id, role: 'ACCUSED' }), text: 'He left the door open.' }),
    ]);
    expect(answered.internal).toBeNull();
    await json(await post(`/api/tickets/${ticket.id}/messages`, as.steward, { text: 'Clear divebomb.' }));
    const seenBySteward = await json<TicketDto>(await ticketOf(ticket.id));
    expect(seenBySteward.internal?.thread.map((message) => message.text)).toEqual(['Clear divebomb.']);
    expect(seenBySteward.internal?.audit.map((entry) => entry.action)).toEqual(['FILED', 'STATEMENT', 'MESSAGE']);
    // Drivers by their names, never their ids.
    expect(seenBySteward.internal?.audit.map((entry) => entry.detail).slice(0, 2)).toEqual([
      `filed against ${seenBySteward.accused[0].driverName}`,
      `statement by ${seenBySteward.accused[0].driverName}`,
    ]);
    expect(seenBySteward.state).toBe('UNDER_REVIEW');
    expect((await json<TicketDto>(await ticketOf(ticket.id, as.driver))).internal).toBeNull();

    await t.em().nativeUpdate(Ticket, ticket.id, { windowClosesAt: new Date(Date.now() - 1000) });
    expect(await refused(await post(`/api/tickets/${ticket.id}/statements`, as.captain, { text: 'One more thing.' }), 409)).toMatch(
      /^Statements on this ticket can be filed from /,
    );
  });

  it('hides the others’ votes until the steward voted, needs the majority (or the head steward), and a penalty reaches results and standings once', async () => {
    const r = await round(2);
    const [third, fourth] = others;
    await saveResults(r, [driver.profile, captain.profile, third, fourth]);
    const ticket = await file(r.raceId);
    const fiveSeconds: TicketOutcome[] = [{ kind: 'TIME_PENALTY', profileId: captain.profile.id, amount: 5 }];

    await json(await vote(ticket.id, as.organizer, fiveSeconds));
    expect(await refused(await decide(ticket.id, as.organizer, fiveSeconds), 409)).toBe(
      'A decision needs 2 agreeing votes of the panel of 3 (these outcomes have 1) or the head steward',
    );
    const beforeVoting = await json<TicketDto>(await ticketOf(ticket.id));
    expect(beforeVoting.internal).toMatchObject({ votes: null, votesCast: 1, myVote: null, canDecide: false, recusedReason: null });
    await json(await vote(ticket.id, as.steward, fiveSeconds));
    const afterVoting = await json<TicketDto>(await ticketOf(ticket.id));
    expect(afterVoting.internal?.votes?.map((each) => each.steward.userId).sort((a, b) => a - b)).toEqual([organizer.user.id, steward.user.id].sort((a, b) => a - b));
    expect(afterVoting.internal).toMatchObject({ votesCast: 2, canDecide: true });

    const decided = await json<TicketDto>(await decide(ticket.id, as.organizer, fiveSeconds));
    expect(decided).toMatchObject({
      state: 'DECIDED',
      decision: { round: 1, reason: 'Caused a collision.', outcomes: [{ kind: 'TIME_PENALTY', amount: 5, label: 'Time penalty: 5 s' }] },
    });
    expect(decided.decision?.decidedBy).toHaveLength(2);
    let latest = await results(r);
    expect(latest.revision).toBe(2);
    // 5 s on 1 s gaps: from second to last.
    expect(order(latest)).toEqual([
      [driver.profile.id, 'FINISHED'],
      [third.id, 'FINISHED'],
      [fourth.id, 'FINISHED'],
      [captain.profile.id, 'FINISHED'],
    ]);
    expect(latest.results[3].totalTimeMs).toBe(1_201_000 + 5000);
    let table = await standings();
    expect([pointsOf(table, captain.profile, r.event.id), pointsOf(table, third, r.event.id)]).toEqual([12, 18]);

    // Deciding again (the head steward, no votes needed) replaces the effect: never 10 s.
    await json(await decide(ticket.id, as.admin, fiveSeconds));
    latest = await results(r);
    expect(latest.revision).toBe(3);
    expect(latest.results.find((line) => line.profileId === captain.profile.id)).toMatchObject({ position: 4, totalTimeMs: 1_206_000 });
    await json(await decide(ticket.id, as.admin, [{ kind: 'NO_FURTHER_ACTION', profileId: captain.profile.id }]));
    latest = await results(r);
    expect(order(latest).map(([id]) => id)).toEqual([driver.profile.id, captain.profile.id, third.id, fourth.id]);
    expect(latest.results[1].totalTimeMs).toBe(1_201_000);
    table = await standings();
    expect(pointsOf(table, captain.profile, r.event.id)).toBe(18);
    const trail = (await json<TicketDto>(await ticketOf(ticket.id))).internal!.audit;
    const audit = trail.map((entry) => entry.action);
    expect(audit.filter((action) => action === 'DECISION')).toHaveLength(3);
    expect(audit.filter((action) => action === 'RESULTS_REVISION')).toHaveLength(3);
    // The race by its event's name, never its id.
    expect(trail.find((entry) => entry.action === 'RESULTS_REVISION')?.detail).toMatch(/^results of .+ revised with every decision of the race \(revision \d+\)$/);
    expect(trail.map((entry) => entry.detail).join(' ')).not.toMatch(/\b(driver|race) \d+/);
  });

  it('applies a disqualification, a position penalty and a points deduction from every standing decision of the race', async () => {
    const r = await round(2);
    const [third, fourth] = others;
    await saveResults(r, [driver.profile, captain.profile, third, fourth]);
    const first = await file(r.raceId);
    await json(await decide(first.id, as.admin, [{ kind: 'DSQ', profileId: captain.profile.id }]));
    expect(order(await results(r))).toEqual([
      [driver.profile.id, 'FINISHED'],
      [third.id, 'FINISHED'],
      [fourth.id, 'FINISHED'],
      [captain.profile.id, 'DSQ'],
    ]);
    const second = await file(r.raceId, [driver.profile], as.captain);
    await json(
      await decide(second.id, as.admin, [
        { kind: 'POSITION_PENALTY', profileId: driver.profile.id, amount: 1 },
        { kind: 'POINTS_DEDUCTION', profileId: driver.profile.id, amount: 3 },
      ]),
    );
    expect(order(await results(r))).toEqual([
      [third.id, 'FINISHED'],
      [driver.profile.id, 'FINISHED'],
      [fourth.id, 'FINISHED'],
      [captain.profile.id, 'DSQ'],
    ]);
    const table = await standings();
    expect([pointsOf(table, driver.profile, r.event.id), pointsOf(table, third, r.event.id), pointsOf(table, captain.profile, r.event.id)]).toEqual([18, 25, 0]);
    expect(table.drivers.find((row) => row.profile.id === driver.profile.id)?.penaltyPoints).toBe(3);
  });

  it('keeps stewards who raced, or whose team raced, from voting and deciding (403 with the reason)', async () => {
    const team = await newTeam(t.em());
    await joinTeam(t.em(), team, admin.user);
    const r = await newStewardedRound(t.em(), season, { game, track: gp, hoursAgo: 2, drivers: [driver.profile, captain.profile, steward.profile, [others[0], team]] });
    const ticket = await file(r.raceId);
    const outcomes: TicketOutcome[] = [{ kind: 'WARNING', profileId: captain.profile.id }];
    expect(await refused(await vote(ticket.id, as.steward, outcomes), 403)).toBe(
      'You raced in this race: a steward involved in the race cannot post on, vote on or decide it',
    );
    expect(await refused(await decide(ticket.id, as.admin, outcomes), 403)).toBe(
      'Your team raced in this race: a steward involved in the race cannot post on, vote on or decide it',
    );
    expect((await json<TicketDto>(await ticketOf(ticket.id))).internal).toMatchObject({ recusedReason: expect.stringMatching(/^You raced/), canDecide: false });
    expect(await t.em().count(TicketDecision, { ticket: ticket.id })).toBe(0);
  });

  it('keeps the panel anonymous to the drivers of a ticket until the decision (the default); stewards see it; a season may show it', async () => {
    const r = await round(2);
    const ticket = await file(r.raceId);
    const warning: TicketOutcome[] = [{ kind: 'WARNING', profileId: captain.profile.id }];
    await json(await post(`/api/tickets/${ticket.id}/messages`, as.steward, { text: 'Looking at it.' }));
    await json(await vote(ticket.id, as.organizer, warning));
    for (const party of [as.driver, as.captain]) {
      expect(await json<TicketDto>(await ticketOf(ticket.id, party))).toMatchObject({ state: 'UNDER_REVIEW', handledBy: null, votesCast: null });
      const mine = await json<Page<TicketListItemDto>>(await t.request('/api/tickets/mine?pageSize=100', { as: party }));
      expect(mine.content.find((item) => item.id === ticket.id)).toMatchObject({ handledBy: null, votesCast: null });
    }
    const seenBySteward = await json<TicketDto>(await ticketOf(ticket.id));
    expect(seenBySteward.votesCast).toBe(1);
    expect(seenBySteward.handledBy?.map((each) => each.userId).sort((a, b) => a - b)).toEqual([steward.user.id, organizer.user.id].sort((a, b) => a - b));

    await json(await vote(ticket.id, as.steward, warning));
    await json(await decide(ticket.id, as.organizer, warning));
    const decided = await json<TicketDto>(await ticketOf(ticket.id, as.driver));
    expect(decided.votesCast).toBe(2);
    expect(decided.handledBy).toHaveLength(2);

    const open = await newSeason(t.em(), await newCompetition(t.em(), { game, current: true }));
    expect(
      await json(
        await t.request(`/api/seasons/${open.id}/stewarding`, { method: 'PUT', as: as.organizer, json: { ...DEFAULT_STEWARDING_SETTINGS, panelHiddenUntilDecision: false } }),
      ),
    ).toMatchObject({ panelHiddenUntilDecision: false });
    const shownRound = await round(2, [driver.profile, captain.profile], open);
    const shownTicket = await file(shownRound.raceId);
    await json(await vote(shownTicket.id, as.organizer, warning));
    expect(await json<TicketDto>(await ticketOf(shownTicket.id, as.driver))).toMatchObject({ handledBy: [{ userId: organizer.user.id }], votesCast: 1 });
    const refusedSetting = await t.request(`/api/seasons/${open.id}/stewarding`, {
      method: 'PUT',
      as: as.organizer,
      json: { ...DEFAULT_STEWARDING_SETTINGS, panelHiddenUntilDecision: null },
    });
    expect(((await refusedSetting.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      panelHiddenUntilDecision: ['panelHiddenUntilDecision must be true or false'],
    });
    expect((await t.request(`/api/seasons/${open.id}/stewarding`, { method: 'PUT', as: as.steward, json: DEFAULT_STEWARDING_SETTINGS })).status).toBe(403);
  });

  it('lets a recused steward read the stewards’ thread but not post in it (403; the ticket stays open, nothing stored)', async () => {
    const r = await newStewardedRound(t.em(), season, { game, track: gp, hoursAgo: 2, drivers: [driver.profile, captain.profile, steward.profile] });
    const ticket = await file(r.raceId);
    const posted = await post(`/api/tickets/${ticket.id}/messages`, as.steward, { text: 'I saw it from behind: a clear divebomb.' });
    expect(await refused(posted, 403)).toBe('You raced in this race: a steward involved in the race cannot post on, vote on or decide it');
    await json(await post(`/api/tickets/${ticket.id}/messages`, as.organizer, { text: 'Looking at the replay.' }));
    const seenByRecused = await json<TicketDto>(await ticketOf(ticket.id, as.steward));
    expect(seenByRecused.internal?.thread.map((message) => message.text)).toEqual(['Looking at the replay.']);
    expect(seenByRecused.internal?.recusedReason).toMatch(/^You raced/);
    expect(seenByRecused.internal?.audit.map((entry) => entry.action)).toEqual(['FILED', 'MESSAGE']);
  });

  it('keeps a recused steward’s refused message from moving an open ticket to under review', async () => {
    const r = await newStewardedRound(t.em(), season, { game, track: gp, hoursAgo: 2, drivers: [driver.profile, captain.profile, steward.profile] });
    const ticket = await file(r.raceId);
    expect((await post(`/api/tickets/${ticket.id}/messages`, as.steward, { text: 'Penalty, surely.' })).status).toBe(403);
    expect((await json<TicketDto>(await ticketOf(ticket.id, as.organizer))).state).toBe('OPEN');
  });

  it('hears an appeal by a driver of the ticket within 24 h, by stewards who did not decide; the outcome replaces the decision', async () => {
    const r = await round(2);
    const ticket = await file(r.raceId);
    await decideByMajority(ticket.id, [{ kind: 'WARNING', profileId: captain.profile.id }]);
    expect((await post(`/api/tickets/${ticket.id}/appeal`, as.rookie, { reason: 'Not me.' })).status).toBe(403);
    const appealed = await json<TicketDto>(await post(`/api/tickets/${ticket.id}/appeal`, as.captain, { reason: 'He turned in on me.' }));
    expect(appealed).toMatchObject({ state: 'APPEALED', appeal: { by: { profileId: captain.profile.id }, reason: 'He turned in on me.' }, canAppeal: false });
    expect(await refused(await post(`/api/tickets/${ticket.id}/appeal`, as.driver, { reason: 'Me too.' }), 409)).toBe(`Ticket ${ticket.id} was appealed already`);
    expect(await refused(await vote(ticket.id, as.organizer, [{ kind: 'NO_FURTHER_ACTION', profileId: captain.profile.id }]), 403)).toBe(
      'You decided this ticket the first time: its appeal is heard by stewards who did not',
    );
    const heard = await json<TicketDto>(await decide(ticket.id, as.admin, [{ kind: 'NO_FURTHER_ACTION', profileId: captain.profile.id }], 'Racing incident.'));
    expect(heard).toMatchObject({
      state: 'CLOSED',
      decision: { round: 2, confirmed: false, reason: 'Racing incident.', outcomes: [{ kind: 'NO_FURTHER_ACTION' }] },
      originalDecision: { round: 1, outcomes: [{ kind: 'WARNING' }] },
    });
    expect(heard.internal?.audit.map((entry) => entry.action).slice(-2)).toEqual(['APPEAL', 'APPEAL_DECISION']);

    const late = await file(r.raceId);
    await decideByMajority(late.id, [{ kind: 'WARNING', profileId: captain.profile.id }]);
    await t.em().nativeUpdate(TicketDecision, { ticket: late.id }, { decidedAt: new Date(Date.now() - 25 * HOUR) });
    expect(await refused(await post(`/api/tickets/${late.id}/appeal`, as.captain, { reason: 'Too late?' }), 409)).toMatch(
      new RegExp(`^Appeals on ticket ${late.id} closed at .* \\(24 h after the decision\\)$`),
    );
  });

  it('keeps the licence ledger: reaching the threshold bans the driver from the next event, and a race ban from the season’s next events; sign-up refuses with the reason', async () => {
    const own = await newSeason(t.em(), await newCompetition(t.em(), { game }));
    const settings = {
      coolDownMinutes: 0,
      protestDeadlineMinutes: 120,
      decisionDueMinutes: 60,
      panelSize: 3,
      majority: 2,
      appealWindowMinutes: 1440,
      licenceBanThreshold: 12,
      licenceBanEvents: 1,
      licenceExpiryEvents: 10,
    };
    await json(await t.request(`/api/seasons/${own.id}/stewarding`, { method: 'PUT', as: as.organizer, json: settings }));
    // The latest race of the league so far: no event has aged its points yet.
    const r = await round(0.05, [driver.profile, captain.profile], own);
    const next = await newEvent(t.em(), { game, track: gp, startsAt: new Date(Date.now() + 20 * HOUR) });
    await t.em().nativeUpdate(LeagueEvent, next.id, { season: own.id });
    const licenceTicket = await file(r.raceId);
    await json(await decide(licenceTicket.id, as.admin, [{ kind: 'LICENCE_POINTS', profileId: captain.profile.id, amount: 12 }]));
    const licence = await json<LicenceDto>(await t.request(`/api/profile/${captain.profile.id}/licence`, { as: as.driver }));
    expect(licence).toMatchObject({
      profileId: captain.profile.id,
      activePoints: 12,
      banThreshold: 12,
      entries: [{ ticketId: licenceTicket.id, points: 12, eventsLeft: 10, expired: false }],
    });
    expect(licence.bans).toEqual([
      { id: expect.any(Number), ticketId: licenceTicket.id, reason: '12 licence points reached (ban at 12)', events: [expect.objectContaining({ id: next.id })] },
    ]);
    expect(await refused(await t.request(`/api/events/${next.id}/single/attendance`, { method: 'PUT', as: as.captain, json: { attending: true } }), 403)).toBe(
      'You are banned from this event: 12 licence points reached (ban at 12)',
    );
    // Fewer points on a second look: below the threshold, the ban goes.
    await json(await decide(licenceTicket.id, as.admin, [{ kind: 'LICENCE_POINTS', profileId: captain.profile.id, amount: 2 }]));
    expect(await json<LicenceDto>(await t.request(`/api/profile/${captain.profile.id}/licence`, { as: as.captain }))).toMatchObject({ activePoints: 2, bans: [] });
    expect((await t.request(`/api/events/${next.id}/single/attendance`, { method: 'PUT', as: as.captain, json: { attending: true } })).status).toBe(200);

    const banTicket = await file(r.raceId, [driver.profile], as.captain);
    await json(await decide(banTicket.id, as.admin, [{ kind: 'RACE_BAN', profileId: driver.profile.id, amount: 1 }]));
    expect(await refused(await t.request(`/api/events/${next.id}/single/attendance`, { method: 'PUT', as: as.driver, json: { attending: true } }), 403)).toBe(
      `You are banned from this event: Race ban from ticket #${banTicket.id}`,
    );
  });

  it('lets licence points expire after the season’s number of league events', async () => {
    const own = await newSeason(t.em(), await newCompetition(t.em(), { game }));
    const settings = {
      coolDownMinutes: 0,
      protestDeadlineMinutes: 600,
      decisionDueMinutes: 60,
      panelSize: 3,
      majority: 2,
      appealWindowMinutes: 1440,
      licenceBanThreshold: 12,
      licenceBanEvents: 1,
      licenceExpiryEvents: 1,
    };
    await json(await t.request(`/api/seasons/${own.id}/stewarding`, { method: 'PUT', as: as.organizer, json: settings }));
    // The league's latest race so far (36 s ago): no event has aged its points yet.
    const r = await round(0.01, [driver.profile, captain.profile], own);
    const ticket = await file(r.raceId, [driver.profile], as.captain);
    await json(await decide(ticket.id, as.admin, [{ kind: 'LICENCE_POINTS', profileId: driver.profile.id, amount: 4 }]));
    const entryOf = async () =>
      (await json<LicenceDto>(await t.request(`/api/profile/${driver.profile.id}/licence`, { as: as.driver }))).entries.find((entry) => entry.ticketId === ticket.id);
    expect(await entryOf()).toMatchObject({ points: 4, eventsLeft: 1, expired: false });
    await newEvent(t.em(), { game, track: gp, startsAt: new Date(Date.now() - 1000) });
    expect(await entryOf()).toMatchObject({ points: 4, eventsLeft: 0, expired: true });
  });

  it('shows a race’s results as provisional while protests or appeals are possible, then final', async () => {
    const status = async (r: StewardedRound) => json<RaceStewardingDto>(await t.request(`/api/safety-car/races/${r.raceId}`));
    const old = await round(72);
    expect(await status(old)).toEqual({
      raceId: old.raceId,
      provisional: false,
      finalAt: new Date(old.event.startsAt.getTime() + 48 * HOUR).toISOString(),
      openTickets: 0,
      filingOpensAt: new Date(old.event.startsAt.getTime() + HOUR).toISOString(),
      filingClosesAt: new Date(old.event.startsAt.getTime() + 48 * HOUR).toISOString(),
    });
    const recent = await round(2);
    expect(await status(recent)).toMatchObject({ provisional: true, finalAt: new Date(recent.event.startsAt.getTime() + 48 * HOUR).toISOString(), openTickets: 0 });
    const ticket = await file(recent.raceId);
    expect(await status(recent)).toMatchObject({ provisional: true, finalAt: null, openTickets: 1 });
    const decided = await json<TicketDto>(await decide(ticket.id, as.admin, [{ kind: 'WARNING', profileId: captain.profile.id }]));
    // Final when both the protest window and the decision's appeal window have closed.
    const finalAt = Math.max(recent.event.startsAt.getTime() + 48 * HOUR, Date.parse(decided.decision!.decidedAt) + 24 * HOUR);
    expect(await status(recent)).toMatchObject({ provisional: true, openTickets: 0, finalAt: new Date(finalAt).toISOString() });
    expect((await t.request('/api/safety-car/races/999999')).status).toBe(404);
  });

  it('pushes a filed ticket to every steward’s open queue and tells the accused; a filing and a decision reach every visitor (provisional results, the safety-car list) and the decision the Discord webhook', async () => {
    const r = await round(2);
    const queue = await open(t.baseUrl, { as: as.steward });
    expect(await subscribe(queue, 'flag:isSteward')).toEqual({ ok: true });
    const accused = await open(t.baseUrl, { as: as.captain });
    const visitor = await open(t.baseUrl);
    const filedPush = nextMessage(queue, 'tickets.changed', (message) => message.change === 'filed', 15_000);
    const notice = nextMessage(accused, 'ticket.notice', (message) => message.change === 'filed', 15_000);
    // What visitors see changes too: the race's results are provisional until the new ticket is decided.
    const visitorSeesFiled = nextMessage(visitor, 'safety-car.changed', () => true, 15_000);
    const ticket = await file(r.raceId);
    expect(await filedPush).toEqual({ ticketId: ticket.id, seasonId: season.id, raceId: r.raceId, state: 'OPEN', change: 'filed' });
    expect(await notice).toEqual({ ticketId: ticket.id, state: 'OPEN', change: 'filed' });
    expect(await visitorSeesFiled).toEqual({ ticketId: ticket.id });

    const published = nextMessage(visitor, 'safety-car.changed', (message) => message.ticketId === ticket.id, 15_000);
    const decidedName = ticket.accused[0].driverName;
    await json(await decide(ticket.id, as.admin, [{ kind: 'WARNING', profileId: captain.profile.id }], 'Moved under braking.'));
    await published;
    const postedContents = () => discord.posts.map((post) => (post.body as { content: string }).content);
    await eventually(() => expect(postedContents()).toContainEqual(expect.stringContaining(`ticket #${ticket.id}**`)), 15_000);
    const posted = postedContents().find((content) => content.includes(`ticket #${ticket.id}**`))!;
    expect(posted).toContain(`• ${decidedName}: Warning`);
    expect(posted).toContain('Moved under braking.');
    expect(posted).toContain(`${t.baseUrl}/paddock/safety-car`);
    const list = await json<Page<SafetyCarDecisionDto>>(await t.request('/api/safety-car?pageSize=100'));
    expect(list.content.find((decision) => decision.ticketId === ticket.id)).toMatchObject({
      race: { id: r.raceId },
      season: { id: season.id },
      reason: 'Moved under braking.',
      outcomes: [{ kind: 'WARNING', label: 'Warning', profileId: captain.profile.id }],
      appealed: false,
      final: false,
    });

    const queuePage = await json<Page<TicketListItemDto>>(await t.request(`/api/tickets?state=DECIDED&race=${r.raceId}`, { as: as.steward }));
    expect(queuePage.content.map((item) => [item.id, item.state])).toEqual([[ticket.id, 'DECIDED']]);
    const mine = await json<Page<TicketListItemDto>>(await t.request('/api/tickets/mine?pageSize=100', { as: as.captain }));
    expect(mine.content.map((item) => item.id)).toContain(ticket.id);
    expect((await t.request('/api/tickets?state=LOST', { as: as.steward })).status).toBe(400);
  });

  it("keeps each caller's tickets as one cached read, current after every change to a ticket and to the caller's roles", async () => {
    const r = await round(2);
    const ticket = await file(r.raceId);
    const mine = async (caller: CookieJar) =>
      (await json<Page<TicketListItemDto>>(await t.request('/api/tickets/mine?pageSize=100', { as: caller }))).content.find((item) => item.id === ticket.id);
    expect(await mine(as.driver)).toMatchObject({ state: 'OPEN', lap: 3 });
    expect(await mine(as.rookie)).toBeUndefined();
    // A change no domain event announces is not seen while the entry lives: the list is read from the cache.
    await t.em().nativeUpdate(Ticket, ticket.id, { lap: 9 });
    expect(await mine(as.driver)).toMatchObject({ lap: 3 });

    await json(await post(`/api/tickets/${ticket.id}/messages`, as.steward, { text: 'Looking at it.' }));
    await json(await vote(ticket.id, as.organizer, [{ kind: 'WARNING', profileId: captain.profile.id }]));
    for (const party of [as.driver, as.captain]) expect(await mine(party)).toMatchObject({ state: 'UNDER_REVIEW', lap: 9, handledBy: null, votesCast: null });

    // Made a steward, the accused sees the list as stewards do (the panel and its votes) at once.
    await json(await t.request(`/api/users/${captain.user.id}/roles/STEWARD`, { method: 'PUT', as: as.admin }));
    try {
      expect(await mine(as.captain)).toMatchObject({ votesCast: 1, handledBy: expect.arrayContaining([expect.objectContaining({ userId: organizer.user.id })]) });
    } finally {
      await json(await t.request(`/api/users/${captain.user.id}/roles/STEWARD`, { method: 'DELETE', as: as.admin }));
    }
    expect(await mine(as.captain)).toMatchObject({ handledBy: null, votesCast: null });
  });

  it('masks a hidden driver on the public safety car and in the Discord post as every other view does; stewards still see the name', async () => {
    const hidden = (await newDriver(t.em(), { profile: { xboxUsername: 'DaniDrives' } })).profile;
    await t.em().nativeUpdate(DriverProfile, hidden.id, { hidden: true });
    const r = await round(2, [driver.profile, hidden]);
    const ticket = await file(r.raceId, [hidden]);
    await json(await decide(ticket.id, as.admin, [{ kind: 'WARNING', profileId: hidden.id }], 'Blocked on the straight.'));
    const list = await json<Page<SafetyCarDecisionDto>>(await t.request('/api/safety-car?pageSize=100'));
    const shown = list.content.find((decision) => decision.ticketId === ticket.id)!;
    expect(shown.drivers.find((each) => each.profileId === hidden.id)).toEqual({ profileId: hidden.id, driverName: PRIVATE_DRIVER, driverNumber: null });
    expect(shown.outcomes).toEqual([expect.objectContaining({ profileId: hidden.id, driverName: PRIVATE_DRIVER })]);
    expect(JSON.stringify(list)).not.toContain('DaniDrives');
    const postedContents = () => discord.posts.map((post) => (post.body as { content: string }).content);
    await eventually(() => expect(postedContents()).toContainEqual(expect.stringContaining(`ticket #${ticket.id}**`)), 15_000);
    const posted = postedContents().find((content) => content.includes(`ticket #${ticket.id}**`))!;
    expect(posted).toContain(`• ${PRIVATE_DRIVER}: Warning`);
    expect(posted).not.toContain('DaniDrives');
    expect((await json<TicketDto>(await ticketOf(ticket.id))).accused[0].driverName).toContain('DaniDrives');
  });
});
