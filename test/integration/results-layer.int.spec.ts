import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seededRandom } from '../../backend/src/common/seeded-random.js';
import type { RaceResultLine, RaceResultsDto, ResultRevisionDto, StandingsDto } from '../../backend/src/contracts/competitions.js';
import type { TicketDto, TicketOutcome } from '../../backend/src/contracts/stewarding.js';
import { Season } from '../../backend/src/modules/competitions/competition.entities.js';
import type { Principal } from '../../backend/src/common/principal.js';
import { roleFlags } from '../../backend/src/contracts/roles.js';
import { ResultsService } from '../../backend/src/modules/competitions/results.service.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { applyPenalties } from '../../backend/src/modules/stewarding/penalties.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newStewardedRound, type StewardedRound } from '../factories/stewarding.js';
import { newDriver, newMember, type Member } from '../factories/users.js';
import { json } from '../support/responses.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';

/**
 * Steward decisions as a layer over a race's base revisions, through the real services: whatever the
 * organizer saves, imports or reverts to and whatever the stewards decide or an appeal overturns, the
 * race's results are its latest base with every standing decision applied exactly once.
 */
describe('results: steward decisions as a layer over the base revisions', () => {
  let t: TestApp;
  let as: Record<'driver' | 'captain' | 'organizer' | 'admin' | 'steward', CookieJar>;
  let driver: Member;
  let captain: Member;
  let others: DriverProfile[];
  let game: Game;
  let gp: TrackVariant;
  let season: Season;

  const post = (path: string, caller: CookieJar, body?: unknown) => t.request(path, { method: 'POST', as: caller, json: body });
  const resultsPath = (r: StewardedRound) => `/api/seasons/${season.id}/events/${r.event.id}/results/${r.raceId}`;
  const racers = () => [driver.profile, captain.profile, ...others];
  const save = async (r: StewardedRound, lines: RaceResultLine[]) =>
    json<RaceResultsDto>(await t.request(resultsPath(r), { method: 'PUT', as: as.organizer, json: { results: lines } }));
  /** What an import stores: the file's lines as the race's next base, through the results service. */
  const importLines = async (r: StewardedRound, lines: RaceResultLine[]) => {
    const em = t.em();
    await em.transactional(async (tx) => {
      const principal: Principal = { userId: organizerId, roles: ['ORGANIZER'], flags: roleFlags(['ORGANIZER']), via: 'session' };
      const ref = { seasonId: season.id, eventId: r.event.id, raceId: r.raceId };
      await t.app
        .get(ResultsService)
        .writeRevision(tx, await tx.findOneOrFail(Season, season.id), ref, lines, principal, 'imported from race.json', (index) => `lines.${index}`);
    });
  };
  let organizerId: number;
  const revert = async (r: StewardedRound, number: number) => json<RaceResultsDto>(await post(`${resultsPath(r)}/revisions/${number}/revert`, as.organizer));
  const history = async (r: StewardedRound) => json<ResultRevisionDto[]>(await t.request(`${resultsPath(r)}/revisions`, { as: as.organizer }));
  const results = async (r: StewardedRound) => json<RaceResultsDto>(await t.request(resultsPath(r)));
  const file = async (r: StewardedRound, accused: DriverProfile) =>
    json<TicketDto>(
      await post('/api/tickets', as.driver, { raceId: r.raceId, accusedProfileIds: [accused.id], description: 'Pushed me off at the first chicane.', evidence: [] }),
      201,
    );
  const decide = async (ticketId: number, outcomes: TicketOutcome[], by = as.admin) =>
    json<TicketDto>(await post(`/api/tickets/${ticketId}/decision`, by, { outcomes, reason: 'Caused a collision.' }));
  const finishers = (order: DriverProfile[], gap = 1000): RaceResultLine[] =>
    order.map((profile, index) => ({ profileId: profile.id, position: index + 1, status: 'FINISHED', laps: 10, totalTimeMs: 1_200_000 + index * gap }));
  const timeOf = (raceResults: RaceResultsDto, profile: DriverProfile) => raceResults.results.find((line) => line.profileId === profile.id)?.totalTimeMs;
  const shape = (lines: readonly Pick<RaceResultLine, 'profileId' | 'position' | 'status' | 'laps' | 'totalTimeMs'>[]) =>
    lines.map((line) => [line.profileId, line.position, line.status, line.laps, line.totalTimeMs ?? null]);

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    const em = t.em();
    driver = await newMember(em, 'driver');
    captain = await newMember(em, 'captain');
    organizerId = (await newMember(em, 'organizer')).user.id;
    await newMember(em, 'admin', { roles: ['ADMIN', 'HEAD_STEWARD'] });
    await newMember(em, 'steward', { roles: ['STEWARD', 'HEAD_STEWARD'] });
    as = {
      driver: await t.signIn('driver'),
      captain: await t.signIn('captain'),
      organizer: await t.signIn('organizer'),
      admin: await t.signIn('admin'),
      steward: await t.signIn('steward'),
    };
    others = [(await newDriver(em)).profile, (await newDriver(em)).profile];
    ({ game, gp } = await newGameWithTrack(em, ['PC']));
    season = await newSeason(em, await newCompetition(em, { game, current: true }));
  });
  afterAll(() => t.close());

  const round = () => newStewardedRound(t.em(), season, { game, track: gp, hoursAgo: 2, drivers: racers() });

  it('keeps the decided 10 s penalty when the organizer reverts to revision 1, and shows base and decisions apart in the history', async () => {
    const r = await round();
    await save(r, finishers(racers()));
    const ticket = await file(r, captain.profile);
    await decide(ticket.id, [{ kind: 'TIME_PENALTY', profileId: captain.profile.id, amount: 10 }]);
    await save(r, finishers([captain.profile, driver.profile, ...others]));
    const reverted = await revert(r, 1);
    expect(timeOf(reverted, captain.profile)).toBe(1_201_000 + 10_000);
    expect((await history(r)).map((revision) => [revision.revision, revision.kind, revision.baseRevision])).toEqual([
      [6, 'DECISIONS', 5],
      [5, 'BASE', null],
      [4, 'DECISIONS', 3],
      [3, 'BASE', null],
      [2, 'DECISIONS', 1],
      [1, 'BASE', null],
    ]);
  });

  it('applies the penalty once when a steward revision is reverted to and a new decision follows (+10 s, not +20 s)', async () => {
    const r = await round();
    await save(r, finishers(racers()));
    const first = await file(r, captain.profile);
    await decide(first.id, [{ kind: 'TIME_PENALTY', profileId: captain.profile.id, amount: 10 }]);
    const reverted = await revert(r, 2);
    expect(timeOf(reverted, captain.profile)).toBe(1_211_000);
    expect((await history(r))[1]).toMatchObject({ revision: 3, kind: 'BASE', note: 'reverted to revision 1 (the base of revision 2)' });
    const second = await file(r, others[0]);
    await decide(second.id, [{ kind: 'TIME_PENALTY', profileId: others[0].id, amount: 5 }]);
    const latest = await results(r);
    expect([timeOf(latest, captain.profile), timeOf(latest, others[0])]).toEqual([1_211_000, 1_207_000]);
  });

  describe('guests and co-drivers', () => {
    const errorsOf = async (response: Response) => {
      expect(response.status).toBe(400);
      return ((await response.json()) as { errors: Record<string, string[]> }).errors;
    };
    const endurance = (): RaceResultLine[] => [
      {
        profileId: driver.profile.id,
        position: 1,
        status: 'FINISHED',
        laps: 120,
        totalTimeMs: 21_600_000,
        drivingTimeMs: 10_000_000,
        coDrivers: [
          { profileId: others[0].id, laps: 60, drivingTimeMs: 9_000_000 },
          { profileId: null, name: 'Hired Gun', laps: 10, drivingTimeMs: 2_600_000 },
        ],
      },
      { profileId: null, guestName: 'Safety Car', position: 2, status: 'FINISHED', laps: 120, totalTimeMs: 21_630_000, penaltyMs: 30_000, reason: '+30 s post-race penalty' },
      { profileId: captain.profile.id, position: 3, status: 'DNF', laps: 80, reason: 'retired: stopped before the flag' },
    ];

    it('stores guests by name and co-drivers under their car; every league driver of the car scores, guests score nothing and keep their place', async () => {
      const r = await round();
      const saved = await save(r, endurance());
      expect(saved.results.map((line) => [line.position, line.profileId, line.driverName, line.guest, line.penaltyMs, line.reason])).toEqual([
        [1, driver.profile.id, expect.any(String), false, null, null],
        [2, null, 'Safety Car', true, 30_000, '+30 s post-race penalty'],
        [3, captain.profile.id, expect.any(String), false, null, 'retired: stopped before the flag'],
      ]);
      expect(saved.results[0].coDrivers.map((coDriver) => [coDriver.profileId, coDriver.guest, coDriver.laps, coDriver.drivingTimeMs])).toEqual([
        [others[0].id, false, 60, 9_000_000],
        [null, true, 10, 2_600_000],
      ]);
      expect(saved.results[0].coDrivers[1].driverName).toBe('Hired Gun');
      await t.settled();
      const standings = await json<StandingsDto>(await t.request(`/api/seasons/${season.id}/standings`));
      const points = (profile: DriverProfile) => standings.drivers.find((row) => row.profile.id === profile.id)?.rounds.find((each) => each.eventId === r.event.id)?.points;
      expect([points(driver.profile), points(others[0])]).toEqual([25, 25]);
      const read = await results(r);
      expect(read.results[0].coDrivers[0].points).toBe(25);
      expect(read.results[1].points).toBe(0);
    });

    it('keeps guests and co-drivers through steward decisions and reverts', async () => {
      const r = await round();
      await save(r, endurance());
      const ticket = await file(r, captain.profile);
      await decide(ticket.id, [{ kind: 'POSITION_PENALTY', profileId: captain.profile.id, amount: 1 }]);
      await save(
        r,
        endurance().map((line) => ({ ...line, laps: line.laps + 1 })),
      );
      const reverted = await revert(r, 1);
      expect(reverted.results.map((line) => [line.position, line.driverName === 'Safety Car' ? 'guest' : line.profileId, line.coDrivers.length])).toEqual([
        [1, driver.profile.id, 2],
        [2, 'guest', 0],
        [3, captain.profile.id, 0],
      ]);
    });

    it('refuses a line without a driver or with both, and a driver twice across lines and co-drivers (400 naming the field)', async () => {
      const r = await round();
      const [first, guestLine, third] = endurance();
      expect(
        await errorsOf(await t.request(resultsPath(r), { method: 'PUT', as: as.organizer, json: { results: [first, { ...guestLine, guestName: ' ' }, third] } })),
      ).toEqual({
        'results.1.guestName': ["line 2 has no driver: choose a league driver or give the guest's name"],
      });
      expect(
        await errorsOf(await t.request(resultsPath(r), { method: 'PUT', as: as.organizer, json: { results: [first, { ...guestLine, profileId: others[1].id }, third] } })),
      ).toEqual({
        'results.1.guestName': ['line 2 is a league driver or a guest, not both'],
      });
      const twice = { ...third, coDrivers: [{ profileId: others[0].id }] };
      expect(await errorsOf(await t.request(resultsPath(r), { method: 'PUT', as: as.organizer, json: { results: [first, guestLine, twice] } }))).toEqual({
        'results.2.coDrivers.0.profileId': [`driver profile ${others[0].id} is in the results twice (lines 1 and 3)`],
      });
      expect(
        await errorsOf(
          await t.request(resultsPath(r), { method: 'PUT', as: as.organizer, json: { results: [{ ...first, coDrivers: [{ profileId: null }] }, guestLine, third] } }),
        ),
      ).toEqual({
        'results.0.coDrivers.0.name': ["co-driver 1 of line 1 has no driver: choose a league driver or give the guest's name"],
      });
      expect((await history(r)).length).toBe(0);
    });

    it('lets the database refuse a line with both or neither driver, and a driver twice in a revision across lines and co-drivers', async () => {
      const r = await round();
      await save(r, endurance());
      const em = t.em();
      const [{ id: revisionId }] = await em.execute<{ id: number }[]>('select id from result_revisions where race_id = ?', [r.raceId]);
      const [{ id: lineId }] = await em.execute<{ id: number }[]>('select id from race_result_lines where revision_id = ? and position = 3', [revisionId]);
      await expect(em.execute(`insert into race_result_lines (revision_id, position, status, laps) values (?, 9, 'DNS', 0)`, [revisionId])).rejects.toThrow(
        /race_result_lines_driver_or_guest/,
      );
      await expect(
        em.execute(`insert into race_result_lines (revision_id, profile_id, guest_name, position, status, laps) values (?, ?, 'Both', 9, 'DNS', 0)`, [
          revisionId,
          others[1].id,
        ]),
      ).rejects.toThrow(/race_result_lines_driver_or_guest/);
      await expect(
        em.execute('insert into race_result_co_drivers (line_id, revision_id, seat, profile_id) values (?, ?, 1, ?)', [lineId, revisionId, driver.profile.id]),
      ).rejects.toThrow(/is in revision .* twice/);
      await expect(
        em.execute(`insert into race_result_lines (revision_id, profile_id, position, status, laps) values (?, ?, 9, 'DNS', 0)`, [revisionId, others[0].id]),
      ).rejects.toThrow(/is in revision .* twice/);
    });
  });

  it.each([7])(
    'ends any seeded sequence of 40 saves, imports, reverts, decisions and appeals with the latest base plus the standing decisions (seed %i)',
    async (seed) => {
      const draw = seededRandom(seed);
      const r = await round();
      const pick = <T>(items: readonly T[]) => items[Math.floor(draw() * items.length)];
      const classification = (): RaceResultLine[] => {
        const order = [...racers()].sort(() => draw() - 0.5);
        return order.map((profile, index) => {
          const retired = index === order.length - 1 && draw() < 0.3;
          return {
            profileId: profile.id,
            position: index + 1,
            status: retired ? 'DNF' : 'FINISHED',
            laps: retired ? 6 : 10,
            totalTimeMs: retired ? null : 1_200_000 + index * 2000 + Math.floor(draw() * 1500),
          };
        });
      };
      const outcome = (profile: DriverProfile): TicketOutcome =>
        pick<TicketOutcome>([
          { kind: 'TIME_PENALTY', profileId: profile.id, amount: 1 + Math.floor(draw() * 15) },
          { kind: 'POSITION_PENALTY', profileId: profile.id, amount: 1 + Math.floor(draw() * 2) },
          { kind: 'DSQ', profileId: profile.id },
          { kind: 'POINTS_DEDUCTION', profileId: profile.id, amount: 2 },
          { kind: 'WARNING', profileId: profile.id },
        ]);
      // The expectation, kept apart from the service: the base last written, each revision's base, and each ticket's standing outcomes.
      let expectedBase: RaceResultLine[] | null = null;
      const baseOfRevision: RaceResultLine[][] = [];
      const tickets: { id: number; accused: DriverProfile; state: 'DECIDED' | 'APPEALED' | 'CLOSED' | 'OPEN'; standing: TicketOutcome[] }[] = [];
      const steps: string[] = [];
      for (let step = 0; step < 40; step += 1) {
        const roll = draw();
        const decidable = tickets.filter((ticket) => ticket.state !== 'CLOSED');
        if (roll < 0.25 || !expectedBase) {
          expectedBase = classification();
          if (draw() < 0.5) {
            steps.push('save');
            await save(r, expectedBase);
          } else {
            steps.push('import');
            await importLines(r, expectedBase);
          }
        } else if (roll < 0.45) {
          const number = 1 + Math.floor(draw() * baseOfRevision.length);
          steps.push(`revert to ${number}`);
          expectedBase = baseOfRevision[number - 1];
          await revert(r, number);
        } else if (roll < 0.65 || !decidable.length) {
          const accused = pick([captain.profile, ...others]);
          const filed = await file(r, accused);
          const outcomes = [outcome(accused)];
          steps.push(`ticket #${filed.id}: ${outcomes[0].kind}`);
          await decide(filed.id, outcomes);
          tickets.push({ id: filed.id, accused, state: 'DECIDED', standing: outcomes });
        } else {
          const ticket = pick(decidable);
          if (ticket.state === 'DECIDED' && draw() < 0.5) {
            steps.push(`appeal of #${ticket.id}`);
            await json(await post(`/api/tickets/${ticket.id}/appeal`, as.driver, { reason: 'It was a racing incident.' }));
            ticket.state = 'APPEALED';
          } else {
            // Decided again in its round, or the appeal heard (by the steward who did not decide it): overturned or another outcome.
            const outcomes = draw() < 0.5 ? [{ kind: 'NO_FURTHER_ACTION' as const, profileId: ticket.accused.id }] : [outcome(ticket.accused)];
            steps.push(`#${ticket.id} ${ticket.state === 'APPEALED' ? 'appeal decided' : 'decided again'}: ${outcomes[0].kind}`);
            await decide(ticket.id, outcomes, ticket.state === 'APPEALED' ? as.steward : as.admin);
            ticket.standing = outcomes;
            if (ticket.state === 'APPEALED') ticket.state = 'CLOSED';
          }
        }
        const revisions = await history(r);
        while (baseOfRevision.length < revisions.length) baseOfRevision.push(expectedBase);
        const standing = tickets.flatMap((ticket) => ticket.standing);
        expect({ steps, lines: shape((await results(r)).results) }).toEqual({ steps, lines: shape(applyPenalties(expectedBase, standing)) });
      }
    },
    120_000,
  );
});
