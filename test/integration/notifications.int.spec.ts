import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import type { RaceResultsDto } from '../../backend/src/contracts/competitions.js';
import type { DomainEventMap, DomainEventName } from '../../backend/src/contracts/domain-events.js';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationDto,
  type NotificationKind,
  type NotificationSettingDto,
} from '../../backend/src/contracts/notifications.js';
import type { RivalTimeDto } from '../../backend/src/contracts/rivals.js';
import type { TicketDto } from '../../backend/src/contracts/stewarding.js';
import { recordDomainEvent } from '../../backend/src/infra/outbox/domain-events.js';
import { OutboxEvent } from '../../backend/src/infra/outbox/outbox-event.entity.js';
import { BiddingLot } from '../../backend/src/modules/bidding/bidding.entities.js';
import { Race } from '../../backend/src/modules/events/event.entities.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { NotificationsHandlers } from '../../backend/src/modules/notifications/notifications.handlers.js';
import { Notification } from '../../backend/src/modules/notifications/notifications.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import { newBiddingRound } from '../factories/bidding.js';
import { newCar, newGameWithTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { newRivalPick, newRivalTime } from '../factories/rivals.js';
import { newStewardedRound } from '../factories/stewarding.js';
import { joinTeam, newTeam } from '../factories/teams.js';
import { multipart } from '../factories/uploads.js';
import { newDriver, newMember, type Member } from '../factories/users.js';
import { json } from '../support/responses.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The notification centre: one test per kind from its domain event to the stored notification, the channels, the routes and who they refuse. */
describe('notifications', () => {
  let t: TestApp;
  let as: Record<'driver' | 'captain' | 'steward' | 'organizer' | 'admin', CookieJar>;
  let driver: Member;
  let captain: Member;
  let steward: Member;
  let game: Game;
  let gp: TrackVariant;
  let season: Season;
  const connect = socketsClosedAfterEach();

  /** The notifications stored for a user of one kind (after every event so far was handled). */
  const stored = async (userId: number, kind: NotificationKind) => {
    await t.settled();
    return t.em().find(Notification, { user: userId, kind }, { orderBy: { id: 'asc' } });
  };
  const record = async <N extends DomainEventName>(name: N, payload: DomainEventMap[N]) => {
    const em = t.em();
    recordDomainEvent(em, name, { type: 'test', id: 1 }, payload);
    await em.flush();
  };
  const created = async (notificationId: number) => {
    const rows = await t.em().find(OutboxEvent, { name: 'NotificationCreated' });
    return rows.map((row) => row.payload as DomainEventMap['NotificationCreated']).filter((payload) => payload.notificationId === notificationId);
  };

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    const em = t.em();
    driver = await newMember(em, 'driver');
    captain = await newMember(em, 'captain');
    steward = await newMember(em, 'steward');
    await newMember(em, 'organizer');
    await newMember(em, 'admin', { roles: ['ADMIN', 'HEAD_STEWARD'] });
    as = {
      driver: await t.signIn('driver'),
      captain: await t.signIn('captain'),
      steward: await t.signIn('steward'),
      organizer: await t.signIn('organizer'),
      admin: await t.signIn('admin'),
    };
    ({ game, gp } = await newGameWithTrack(em, ['PC']));
    season = await newSeason(em, await newCompetition(em, { game, current: true }));
  });
  afterAll(() => t.close());

  it('refuses every route to visitors (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', '/api/notifications/1/read'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/notifications/settings'],
      ['PUT', '/api/notifications/settings'],
    ] as const) {
      expect({ method, url, status: (await t.request(url, { method, json: method === 'PUT' ? { settings: [] } : undefined })).status }).toEqual({ method, url, status: 401 });
    }
  });

  it('reminds joined drivers once of a published event starting within 30 minutes, however many workers run the job', async () => {
    const soon = await newEvent(t.em(), { game, track: gp, startsAt: new Date(Date.now() + 20 * MINUTE), name: 'Friday Sprint' });
    const later = await newEvent(t.em(), { game, track: gp, startsAt: new Date(Date.now() + 2 * 60 * MINUTE) });
    const hidden = await newEvent(t.em(), { game, track: gp, startsAt: new Date(Date.now() + 10 * MINUTE), published: false });
    for (const event of [soon, later, hidden]) await newAttendance(t.em(), event, driver.profile);
    const handlers = t.worker!.get(NotificationsHandlers);
    await Promise.all([handlers.remindRacesStarting(), handlers.remindRacesStarting()]);
    await handlers.remindRacesStarting();
    const reminders = await stored(driver.user.id, 'race-starting');
    expect(reminders.map(({ title, link }) => ({ title, link }))).toEqual([{ title: 'Friday Sprint starts in 20 minutes', link: `/events/${soon.id}` }]);
    expect(await stored(captain.user.id, 'race-starting')).toEqual([]);
    expect(await created(reminders[0].id)).toEqual([
      {
        notificationId: reminders[0].id,
        userId: driver.user.id,
        kind: 'race-starting',
        title: 'Friday Sprint starts in 20 minutes',
        body: reminders[0].body,
        link: `/events/${soon.id}`,
        push: true,
        discordDm: true,
      },
    ]);
  });

  it('tells the drivers of a race once its results are posted, and each driver whose standings position then moves', async () => {
    const otherDriver = await newDriver(t.em());
    const other = otherDriver.profile;
    const round = await newStewardedRound(t.em(), season, { game, track: gp, hoursAgo: 2, drivers: [driver.profile, other] });
    const save = async (order: DriverProfile[]) =>
      json<RaceResultsDto>(
        await t.request(`/api/seasons/${season.id}/events/${round.event.id}/results/${round.raceId}`, {
          method: 'PUT',
          as: as.organizer,
          json: {
            results: order.map((profile, index) => ({ profileId: profile.id, position: index + 1, status: 'FINISHED', laps: 10, totalTimeMs: 1_200_000 + index * 1000 })),
          },
        }),
      );
    await save([driver.profile, other]);
    const posted = await stored(driver.user.id, 'results-posted');
    expect(posted).toHaveLength(1);
    expect(posted[0].link).toBe(`/events/competitions/current/${season.competition.id}/season/${season.id}#${round.event.id}`);
    expect(posted[0].title).toMatch(/^Results posted: .+, race 1/);
    // First standings: positions are learnt, nobody is told of a change.
    expect(await stored(driver.user.id, 'standings-changed')).toEqual([]);

    await save([other, driver.profile]);
    expect(await stored(driver.user.id, 'results-posted')).toHaveLength(1);
    const moved = await stored(driver.user.id, 'standings-changed');
    expect(moved.map(({ title, body, link }) => ({ title, body, link }))).toEqual([
      {
        title: `You are P2 in ${season.competition.name} — ${season.name}`,
        body: expect.stringMatching(/^Down from P1, on \d+ points\.$/),
        link: `/events/competitions/standings/${season.competition.id}/${season.id}`,
      },
    ]);
    // Each moved driver hears their own position (one insert writes them all).
    expect((await stored(otherDriver.user.id, 'standings-changed')).map(({ title, body }) => ({ title, body }))).toEqual([
      { title: `You are P1 in ${season.competition.name} — ${season.name}`, body: expect.stringMatching(/^Up from P2, on \d+ points\.$/) },
    ]);
  });

  it('tells a driver their picked rival beat them only once a steward verifies the time (a provisional time notifies nothing)', async () => {
    const car = await newCar(t.em(), game);
    const { user: rivalUser, profile: rival } = await newDriver(t.em(), { profile: { name: 'Quick Rival' } });
    await newRivalTime(t.em(), { profile: driver.profile, game, track: gp, car, timeMs: 100_500 });
    await newRivalPick(t.em(), { owner: driver.profile, rival, game });
    const key = `Bearer ${await t.app.get(ApiKeysService).issue(rivalUser.id)}`;
    const provisional = await json<RivalTimeDto>(
      await t.request('/api/rivals/times', {
        method: 'POST',
        headers: { authorization: key },
        body: multipart('time', { trackId: gp.id, carId: car.id, platform: 'PC', conditions: 'DRY', time: '1:40.100', videoUrl: 'https://video.example/fast' }),
      }),
      201,
    );
    expect(await stored(driver.user.id, 'rival-beaten')).toEqual([]);
    await json(await t.request(`/api/rivals/times/${provisional.id}/verify`, { method: 'POST', as: as.steward }));
    const beaten = await stored(driver.user.id, 'rival-beaten');
    expect(beaten.map(({ title, link }) => ({ title, link }))).toEqual([
      { title: expect.stringMatching(/Quick Rival beat your time$/), link: `/rivals/pc/${game.id}/${gp.id}` },
    ]);
    expect(beaten[0].body).toContain('1:40.100');
  });

  it('tells the accused of a filed ticket, every party of its decision and of the hearing of its appeal', async () => {
    const round = await newStewardedRound(t.em(), season, { game, track: gp, hoursAgo: 2, drivers: [driver.profile, captain.profile] });
    const ticket = await json<TicketDto>(
      await t.request('/api/tickets', {
        method: 'POST',
        as: as.driver,
        json: { raceId: round.raceId, accusedProfileIds: [captain.profile.id], lap: 3, corner: 'Turn 1', description: 'Divebombed me into turn one.', evidence: [] },
      }),
      201,
    );
    expect((await stored(captain.user.id, 'ticket-filed')).map((row) => row.link)).toEqual(['/profile']);
    expect(await stored(driver.user.id, 'ticket-filed')).toEqual([]);

    await record('TicketDecided', { ticketId: ticket.id, seasonId: season.id, eventId: round.event.id, raceId: round.raceId, round: 1 });
    for (const member of [driver, captain]) expect((await stored(member.user.id, 'ticket-decided')).map((row) => row.title)).toEqual([`Ticket ${ticket.id} was decided`]);
    await record('TicketDecided', { ticketId: ticket.id, seasonId: season.id, eventId: round.event.id, raceId: round.raceId, round: 2 });
    for (const member of [driver, captain])
      expect((await stored(member.user.id, 'appeal-heard')).map((row) => row.title)).toEqual([`The appeal of ticket ${ticket.id} was heard`]);
  });

  it('tells a driver of a team invite (and nobody when the invitation is withdrawn before it is handled)', async () => {
    const invited = await newDriver(t.em());
    const teamId = captain.team!.id;
    const invite = () => t.request(`/api/teams/${teamId}/invites`, { method: 'POST', as: as.captain, json: { profileId: invited.profile.id } });
    expect((await invite()).status).toBe(200);
    const invites = await stored(invited.user.id, 'team-invite');
    expect(invites.map((row) => ({ title: row.title, link: row.link }))).toEqual([{ title: `${captain.team!.name} invited you`, link: '/profile' }]);
    expect((await t.request(`/api/teams/${teamId}/invites/${invited.profile.id}`, { method: 'DELETE', as: as.captain })).status).toBe(200);
    expect(await stored(invited.user.id, 'team-invite')).toHaveLength(1);
  });

  it('tells each driver of a team race line-up set for them', async () => {
    const mate = await newDriver(t.em());
    const team = await newTeam(t.em(), { name: 'Line-up Racing' });
    await joinTeam(t.em(), team, mate.user);
    const event = await newEvent(t.em(), { game, track: gp });
    const race = await t.em().findOneOrFail(Race, { raceEvent: { event: event.id } });
    await record('RaceLineupSet', { eventId: event.id, raceId: race.id, teamId: team.id, profileIds: [mate.profile.id] });
    const set = await stored(mate.user.id, 'lineup-set');
    expect(set.map((row) => ({ title: row.title, link: row.link }))).toEqual([
      { title: expect.stringMatching(/^You race .+, race 1 .*for Line-up Racing$/), link: `/events/${event.id}` },
    ]);
  });

  it('tells a bidder whose bid another passed (sealed: no amounts), and nobody when a leader raises their own bid', async () => {
    const round = await newBiddingRound(t.em());
    const lotId = (await t.em().findOneOrFail(BiddingLot, { round: round.id, label: '44' })).id;
    const bid = async (amount: number, caller: CookieJar) =>
      expect((await t.request(`/api/bidding/rounds/${round.id}/bids`, { method: 'POST', as: caller, json: { lotId, amount } })).status).toBe(200);
    await bid(10, as.driver);
    await bid(20, as.steward);
    await bid(30, as.steward);
    const outbid = await stored(driver.user.id, 'outbid');
    expect(outbid.map((row) => ({ title: row.title, link: row.link }))).toEqual([{ title: 'You were outbid on number 44', link: '/profile' }]);
    expect(outbid[0].body).not.toMatch(/\b(10|20|30)\b/);
    expect(await stored(steward.user.id, 'outbid')).toEqual([]);
  });

  describe('the centre', () => {
    let reader: Member;
    let readerAs: CookieJar;
    const page = async (caller: CookieJar, query = '') => json<Page<NotificationDto>>(await t.request(`/api/notifications${query}`, { as: caller }));
    const unread = async (caller: CookieJar) => (await json<{ unread: number }>(await t.request('/api/notifications/unread', { as: caller }))).unread;

    beforeAll(async () => {
      reader = await newMember(t.em(), 'rookie', { profile: { completed: true } });
      readerAs = await t.signIn('rookie');
    });

    it('lists only the caller’s own, newest first and paged; marks one or all read; another user’s id is a 404', async () => {
      const socket = await connect(t.baseUrl, { as: readerAs });
      // One after the other: the second outbid happens once the first one's notification is out.
      for (const [lotId, lotLabel] of [
        [1, 'number 9'],
        [2, 'number 10'],
      ] as const) {
        const pushed = nextMessage(socket, 'notifications.changed', () => true);
        await record('BidOutbid', { roundId: 1, lotId, lotLabel, outbidUserIds: [reader.user.id] });
        expect(await pushed).toEqual({ notificationId: expect.any(Number) });
      }
      await t.settled();
      const first = await page(readerAs, '?pageSize=1');
      expect(first).toMatchObject({ totalElements: 2, totalPages: 2, pageSize: 1 });
      expect(first.content.map((row) => row.title)).toEqual(['You were outbid on number 10']);
      expect(await unread(readerAs)).toBe(2);

      const theirs = (await page(as.driver)).content[0];
      expect((await t.request(`/api/notifications/${theirs.id}/read`, { method: 'POST', as: readerAs })).status).toBe(404);
      expect((await t.request('/api/notifications/999999/read', { method: 'POST', as: readerAs })).status).toBe(404);
      expect((await t.request('/api/notifications/x/read', { method: 'POST', as: readerAs })).status).toBe(400);
      expect((await t.request('/api/notifications?pageSize=0', { as: readerAs })).status).toBe(400);

      expect(await json(await t.request(`/api/notifications/${first.content[0].id}/read`, { method: 'POST', as: readerAs }))).toEqual({ unread: 1 });
      expect((await page(readerAs)).content.map((row) => row.readAt !== null)).toEqual([true, false]);
      expect(await json(await t.request('/api/notifications/read', { method: 'POST', as: readerAs }))).toEqual({ unread: 0 });
      expect((await page(as.driver)).content.some((row) => row.readAt === null)).toBe(true);
    });

    it('keeps per-kind channels with defaults; all off stores nothing, the centre off keeps it for push and DM only', async () => {
      const settings = await json<NotificationSettingDto[]>(await t.request('/api/notifications/settings', { as: readerAs }));
      expect(settings).toEqual(NOTIFICATION_KINDS.map((kind) => ({ kind, ...NOTIFICATION_DEFAULTS[kind] })));
      const bad = await t.request('/api/notifications/settings', {
        method: 'PUT',
        as: readerAs,
        json: { settings: [{ kind: 'nope', site: 'yes', push: true, discordDm: true }] },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(((await bad.json()) as { errors: Record<string, string[]> }).errors).sort()).toEqual(['settings.0.kind', 'settings.0.site']);

      const save = async (outbid: Omit<NotificationSettingDto, 'kind'>) =>
        json<NotificationSettingDto[]>(await t.request('/api/notifications/settings', { method: 'PUT', as: readerAs, json: { settings: [{ kind: 'outbid', ...outbid }] } }));
      const allOff = await save({ site: false, push: false, discordDm: false });
      expect(allOff.find((row) => row.kind === 'outbid')).toEqual({ kind: 'outbid', site: false, push: false, discordDm: false });
      expect(allOff.find((row) => row.kind === 'race-starting')).toEqual({ kind: 'race-starting', ...NOTIFICATION_DEFAULTS['race-starting'] });
      const before = (await stored(reader.user.id, 'outbid')).length;
      await record('BidOutbid', { roundId: 1, lotId: 3, lotLabel: 'number 11', outbidUserIds: [reader.user.id] });
      expect(await stored(reader.user.id, 'outbid')).toHaveLength(before);

      await save({ site: false, push: true, discordDm: false });
      await record('BidOutbid', { roundId: 1, lotId: 4, lotLabel: 'number 12', outbidUserIds: [reader.user.id] });
      const hidden = (await stored(reader.user.id, 'outbid')).find((row) => row.title === 'You were outbid on number 12')!;
      expect(hidden.site).toBe(false);
      expect(await created(hidden.id)).toEqual([expect.objectContaining({ userId: reader.user.id, kind: 'outbid', push: true, discordDm: false })]);
      expect((await page(readerAs)).content.map((row) => row.title)).not.toContain('You were outbid on number 12');
      expect(await unread(readerAs)).toBe(0);
    });

    it('prunes notifications older than 90 days', async () => {
      const [old] = await page(as.driver).then((p) => p.content.slice(-1));
      await t.em().nativeUpdate(Notification, { id: old.id }, { createdAt: new Date(Date.now() - 91 * DAY) });
      expect(await t.worker!.get(NotificationsHandlers).prune()).toBe(1);
      expect(await t.em().count(Notification, { id: old.id })).toBe(0);
    });

    it('dates a notification when what it tells happened (its event), not when its handler ran', async () => {
      const { id: userId } = await json<{ id: number }>(await t.request('/api/users/me', { as: as.organizer }));
      const socket = await connect(t.baseUrl, { as: as.organizer });
      const pushed = nextMessage(socket, 'notifications.changed', () => true);
      const happened = new Date(Date.now() - 60_000);
      const em = t.em();
      const event = recordDomainEvent(em, 'BidOutbid', { type: 'test', id: 1 }, { roundId: 1, lotId: 4, lotLabel: 'number 14', outbidUserIds: [userId] });
      const row = [...em.getUnitOfWork().getPersistStack()].find((entity): entity is OutboxEvent => entity instanceof OutboxEvent && entity.id === event.id)!;
      row.occurredAt = happened;
      await em.flush();
      const { notificationId } = await pushed;
      const shown = (await page(as.organizer)).content.find((notification) => notification.id === notificationId);
      expect(shown).toMatchObject({ title: 'You were outbid on number 14', createdAt: happened.toISOString() });
    });
  });
});
