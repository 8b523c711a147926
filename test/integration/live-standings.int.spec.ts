import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { POINTS_PRESETS } from '../../backend/src/contracts/competitions.js';
import type { LiveStandingsMessage, LiveTiming, LiveTimingFrame } from '../../backend/src/contracts/timing.js';
import { StandingsService } from '../../backend/src/modules/competitions/index.js';
import { LeagueEvent, Race } from '../../backend/src/modules/events/event.entities.js';
import { applyFrame } from '../../backend/src/modules/timing/session/session.spec-support.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { newDriver } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import { FakeAccServer } from '../support/fake-acc-server.js';
import { json } from '../support/responses.js';
import type { CookieJar } from '../support/sign-in.js';
import { collectMessages, connectSocket, nextMessage, subscribe } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 3600 * 1000;
const PASSWORD = 'standings-secret';
/** The fake server's leader changes every second: the projection must follow. */
const CARS = [
  { carIndex: 0, raceNumber: 7, firstName: 'Ana', lastName: 'Sousa' },
  { carIndex: 1, raceNumber: 11, firstName: 'Jon', lastName: 'Berg' },
  { carIndex: 2, raceNumber: 23, firstName: 'Mia', lastName: 'Kuhn' },
];
const F1 = POINTS_PRESETS.F1;

const raceOf = async (t: TestApp, event: LeagueEvent): Promise<number> => (await t.em().findOneOrFail(Race, { raceEvent: { event } })).id;

/**
 * The worker projects the season's standings "if the race ended now" from the live order, by the season's
 * own points system, and sends them to the race's room as the order changes; a viewer joining gets the latest.
 */
describe('live standings: the season were the race to end now, following the live order', () => {
  let t: TestApp;
  let server: FakeAccServer;
  let organizer: CookieJar;
  let raceId: number;
  const profileOf = new Map<string, number>();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    organizer = await t.signIn('organizer');
    const em = t.em();
    const season = await newSeason(em, await newCompetition(em));
    const raced = await newEvent(em, { startsAt: new Date(Date.now() - 7 * DAY) });
    const live = await newEvent(em, { startsAt: new Date(Date.now() - 60_000) });
    await em.nativeUpdate(LeagueEvent, { id: { $in: [raced.id, live.id] } }, { season: season.id });
    for (const car of CARS) {
      const name = `${car.firstName} ${car.lastName}`;
      const { profile } = await newDriver(em, { profile: { name } });
      profileOf.set(name, profile.id);
      await newAttendance(em, live, profile);
    }
    // Round 1: Ana, Jon, Mia in that order (25, 18, 15).
    const results = [...profileOf.values()].map((profileId, index) => ({ profileId, position: index + 1, status: 'FINISHED', laps: 20 }));
    await json(await t.request(`/api/seasons/${season.id}/events/${raced.id}/results/${await raceOf(t, raced)}`, { method: 'PUT', as: organizer, json: { results } }));
    await t.settled();
    raceId = await raceOf(t, live);
    server = new FakeAccServer(PASSWORD, CARS);
    await server.start();
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.request(`/api/races/${raceId}/timing-source`, { method: 'DELETE', as: organizer });
    server?.close();
    await t?.close();
  });

  const viewer = async () => {
    const socket = await connectSocket(t.baseUrl);
    sockets.push(socket);
    return socket;
  };

  it('sends the projection to the race room as the order changes, each one scoring the order of its version', async () => {
    const socket = await viewer();
    const frames = collectMessages(socket, 'live.frame');
    const projections = collectMessages(socket, 'live.standings');
    expect(await subscribe(socket, `live:${raceId}`)).toEqual({ ok: true });
    const saved = await t.request(`/api/races/${raceId}/timing-source`, {
      method: 'PUT',
      as: organizer,
      json: { game: 'ACC', host: '127.0.0.1', port: server.port, password: PASSWORD },
    });
    expect(saved.status).toBe(200);

    // The leader changes every second: at least three projections, with at least two leaders.
    await eventually(() => {
      const leaders = new Set(projections.map((projection) => projection.rows.find((row) => row.projectedPoints - row.points === F1[0])?.profile.id));
      expect(projections.length).toBeGreaterThanOrEqual(3);
      expect(leaders.size).toBeGreaterThanOrEqual(2);
    }, 20_000);

    // The tower at every version the viewer saw.
    const towers: LiveTiming[] = [emptyTower(raceId)];
    for (const frame of frames as LiveTimingFrame[]) towers.push(applyFrame(towers.at(-1)!, frame));
    const towerAt = (version: number) => towers.filter((tower) => tower.version <= version).at(-1);

    const currentPoints = new Map([...profileOf.values()].map((profileId, index) => [profileId, F1[index]]));
    for (const projection of projections.slice(0, 6)) {
      expect(projection).toMatchObject({ raceId, seasonId: expect.any(Number) });
      const tower = towerAt(projection.version);
      expect(tower).toBeDefined();
      const paid = new Map(tower!.cars.map((car) => [car.profileId, F1[car.position - 1]]));
      // Each driver: points now, plus what their place in the order of that version pays.
      expect(byProfile(projection)).toEqual(
        [...profileOf.values()]
          .sort((a, b) => a - b)
          .map((profileId) => ({ profileId, points: currentPoints.get(profileId), projectedPoints: currentPoints.get(profileId)! + paid.get(profileId)! })),
      );
      // Ranked by projected points, each with where they stand now.
      const ranked = [...projection.rows].sort((a, b) => a.position - b.position);
      expect(ranked.map((row) => row.projectedPoints)).toEqual([...ranked.map((row) => row.projectedPoints)].sort((a, b) => b - a));
      for (const row of projection.rows) expect(row.currentPosition).toBe([...profileOf.values()].indexOf(row.profile.id) + 1);
      // Named as the standings name them (the driver number first).
      expect(projection.rows.map((row) => row.profile.driverName.replace(/^\[ \d+ \] - /, '')).sort()).toEqual(['Ana Sousa', 'Jon Berg', 'Mia Kuhn']);
    }

    // A viewer joining now gets the latest projection at once.
    const late = await viewer();
    const welcome = nextMessage(late, 'live.standings', () => true, 5_000);
    expect(await subscribe(late, `live:${raceId}`)).toEqual({ ok: true });
    expect(await welcome).toMatchObject({
      raceId,
      rows: expect.arrayContaining([expect.objectContaining({ profile: expect.objectContaining({ driverName: expect.stringContaining('Ana Sousa') }) })]),
    });
  }, 60_000);

  it('projects nothing for a race of no season', async () => {
    const event = await newEvent(t.em(), { startsAt: new Date() });
    const lines = [{ profileId: profileOf.get('Ana Sousa')!, teamId: null, position: 1, status: 'FINISHED' as const, laps: 3, pole: false, fastestLap: false }];
    expect(await t.app.get(StandingsService).projectRace(await raceOf(t, event), lines)).toEqual({ seasonId: null, rows: [] });
  });
});

/** The tower before the race's first frame (a first delta is from version 0). */
function emptyTower(raceId: number): LiveTiming {
  return {
    raceId,
    version: 0,
    game: 'ACC',
    trackName: null,
    session: { kind: 'OTHER', phase: 'PRE', flag: 'NONE', elapsedMs: 0, remainingMs: null, totalLaps: null },
    sessionBestLapMs: null,
    sessionBestCarId: null,
    cars: [],
  };
}

function byProfile(projection: LiveStandingsMessage) {
  return [...projection.rows]
    .sort((a, b) => a.profile.id - b.profile.id)
    .map((row) => ({ profileId: row.profile.id, points: row.points, projectedPoints: row.projectedPoints }));
}
