import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOKEN_MARKET_RULES, type BidderRoundDto, type BiddingRoundDto, type BiddingRoundRequest } from '../../backend/src/contracts/bidding.js';
import { ScheduledJobs } from '../../backend/src/infra/scheduling/scheduled-jobs.js';
import { Bid, BiddingLot } from '../../backend/src/modules/bidding/bidding.entities.js';
import { SeasonStandingsSnapshot } from '../../backend/src/modules/competitions/competition.entities.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { newBiddingRound } from '../factories/bidding.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newMember, type Member } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { json } from '../support/responses.js';

const HOUR = 3600 * 1000;

/** The bidding market: organizers' rounds, sealed bids within budgets, counter-bids, and the scheduled settlement told live. */
describe('bidding: rounds, sealed bids, settlement', () => {
  let t: TestApp;
  let organizer: CookieJar;
  let driver: CookieJar;
  let steward: CookieJar;
  let captain: CookieJar;
  let driverMember: Member;
  let stewardMember: Member;
  let captainMember: Member;
  let teamSeasonId: number;
  let soloSeasonId: number;
  const open = socketsClosedAfterEach();

  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { status: number; message: string; path: string; errors: Record<string, string[]> };
    expect(body).toMatchObject({ status: 400, path: expect.any(String), message: expect.any(String) });
    return body.errors;
  };
  const saveRound = (round: unknown, as: CookieJar | null = organizer) => t.request('/api/bidding/rounds', { method: 'PUT', as: as ?? undefined, json: round });
  const bid = (roundId: number, body: unknown, as: CookieJar) => t.request(`/api/bidding/rounds/${roundId}/bids`, { method: 'POST', as, json: body });
  const mine = async (as: CookieJar, kind: 'numbers' | 'teams' = 'numbers') => json<BidderRoundDto[]>(await t.request(`/api/bidding/mine?for=${kind}`, { as }));
  const lotId = async (roundId: number, label: string) => (await t.em().findOneOrFail(BiddingLot, { round: roundId, label })).id;
  const numbersRound = (overrides: Partial<BiddingRoundRequest> = {}): BiddingRoundRequest => ({
    name: 'Numbers market',
    seasonId: null,
    opensAt: new Date(Date.now() - HOUR).toISOString(),
    closesAt: new Date(Date.now() + 96 * HOUR).toISOString(),
    ...TOKEN_MARKET_RULES,
    lots: [
      { kind: 'NUMBER', label: '44' },
      { kind: 'NUMBER', label: '77' },
    ],
    ...overrides,
  });

  /** A saved round as the request that would save it again. */
  const requestOf = (round: BiddingRoundDto): BiddingRoundRequest => ({
    id: round.id,
    name: round.name,
    seasonId: round.seasonId,
    opensAt: round.opensAt,
    closesAt: round.closesAt,
    counterBidHours: round.counterBidHours,
    currency: round.currency,
    tokensPerBidder: round.tokensPerBidder,
    minimumBid: round.minimumBid,
    increment: round.increment,
    manufacturerCap: round.manufacturerCap,
    tieBreak: round.tieBreak,
    lots: round.lots.map(({ kind, label, manufacturer }) => ({ kind, label, manufacturer })),
  });

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    driverMember = await newMember(t.em(), 'driver', { profile: { driverNumber: 5 } });
    stewardMember = await newMember(t.em(), 'steward', { profile: { driverNumber: 6 } });
    captainMember = await newMember(t.em(), 'captain');
    [organizer, driver, steward, captain] = [await t.signIn('organizer'), await t.signIn('driver'), await t.signIn('steward'), await t.signIn('captain')];
    const teamCup = await newCompetition(t.em(), { style: 'TEAM' });
    teamSeasonId = (await newSeason(t.em(), teamCup)).id;
    soloSeasonId = (await newSeason(t.em(), await newCompetition(t.em(), { style: 'SOLO' }))).id;
  });
  afterAll(() => t.close());

  it('refuses the configuration to visitors (401) and drivers and captains (403), and bidding to visitors (401)', async () => {
    for (const as of [null, driver, captain]) {
      const status = as ? 403 : 401;
      expect((await t.request('/api/bidding/rounds', { as: as ?? undefined })).status).toBe(status);
      expect((await t.request('/api/bidding/rounds/1', { as: as ?? undefined })).status).toBe(status);
      expect((await saveRound(numbersRound(), as)).status).toBe(status);
    }
    expect((await t.request('/api/bidding/mine?for=numbers')).status).toBe(401);
    expect((await t.request('/api/bidding/rounds/1/bids', { method: 'POST', json: { lotId: 1, amount: 10 } })).status).toBe(401);
    expect((await t.request('/api/bidding/bids/1', { method: 'DELETE' })).status).toBe(401);
    expect(await t.em().count(BiddingLot, {})).toBe(0);
  });

  it('checks a configuration field by field, in words, and stores nothing refused', async () => {
    const shape = await errorsOf(await saveRound({ ...numbersRound(), counterBidHours: 12, minimumBid: 0, currency: 'GOLD', opensAt: '2026-13-45T99:00:00Z', lots: 'many' }));
    expect(shape).toMatchObject({
      counterBidHours: ['counterBidHours must be a whole number from 24 to 48'],
      minimumBid: ['minimumBid must be a whole number from 1 to 1000000'],
      currency: ['currency must be one of TOKENS, POINTS'],
      opensAt: [expect.stringContaining('opensAt must be an ISO 8601 date-time')],
      lots: expect.arrayContaining(['lots must be a list']),
    });
    const rules = await errorsOf(
      await saveRound(
        numbersRound({
          closesAt: new Date(Date.now() - 2 * HOUR).toISOString(),
          currency: 'POINTS',
          tieBreak: 'CHAMPIONSHIP_POSITION',
          lots: [
            { kind: 'NUMBER', label: 'abc' },
            { kind: 'NUMBER', label: '1000' },
            { kind: 'NUMBER', label: '7' },
            { kind: 'NUMBER', label: '7' },
            { kind: 'SEAT', label: 'Seat 1' },
          ],
        }),
      ),
    );
    expect(rules).toEqual({
      closesAt: ['closesAt must be after opensAt'],
      currency: ["a league-wide round has no previous season's points: use TOKENS or choose a season"],
      tieBreak: ['a league-wide round has no championship: use EARLIEST_BID or choose a season'],
      lots: [
        'NUMBER abc: A driver number is a whole number',
        'NUMBER 1000: A driver number is a whole number from 1 to 999',
        'NUMBER 7 is listed twice',
        'SEAT Seat 1: seats and cars are bid for in a season of a TEAM or LVL competition: choose one',
      ],
    });
    expect(await errorsOf(await saveRound(numbersRound({ tokensPerBidder: null })))).toEqual({ tokensPerBidder: ['tokensPerBidder is needed when the currency is TOKENS'] });
    expect(await errorsOf(await saveRound(numbersRound({ seasonId: 999999 })))).toEqual({ seasonId: ['season 999999 does not exist'] });
    expect(await errorsOf(await saveRound(numbersRound({ seasonId: soloSeasonId, lots: [{ kind: 'CAR', label: 'Ferrari 296', manufacturer: 'Ferrari' }] })))).toEqual({
      lots: ['CAR Ferrari 296: seats and cars are only for TEAM and LVL competitions'],
    });
    expect(await errorsOf(await saveRound(numbersRound({ lots: [] })))).toEqual({ lots: ['a round needs at least one lot'] });
    expect((await json<BiddingRoundDto[]>(await t.request('/api/bidding/rounds', { as: organizer }))).length).toBe(0);
  });

  it('lets organizers create and edit a season round of seats, cars and numbers; lots with bids stay', async () => {
    const created = await json<BiddingRoundDto>(
      await saveRound(
        numbersRound({
          name: 'Team market',
          seasonId: teamSeasonId,
          counterBidHours: 48,
          manufacturerCap: 2,
          tieBreak: 'CHAMPIONSHIP_POSITION',
          lots: [
            { kind: 'SEAT', label: 'Seat A' },
            { kind: 'CAR', label: 'Ferrari 296 GT3', manufacturer: 'Ferrari' },
            { kind: 'NUMBER', label: '12' },
          ],
        }),
      ),
    );
    expect(created).toMatchObject({ name: 'Team market', seasonId: teamSeasonId, counterBidHours: 48, manufacturerCap: 2, settled: false, bidCount: 0 });
    expect(created.seasonName).toContain(' – ');
    expect(created.lots.map((lot) => `${lot.kind} ${lot.label} ${lot.manufacturer ?? ''}`.trim())).toEqual(['SEAT Seat A', 'CAR Ferrari 296 GT3 Ferrari', 'NUMBER 12']);

    const { teams } = await json<{ teams: { id: number }[] }>(await t.request('/api/users/me', { as: captain }));
    expect((await bid(created.id, { lotId: created.lots[0].id, amount: 20, teamId: teams[0].id }, captain)).status).toBe(200);
    const withoutSeat = { ...requestOf(created), lots: requestOf(created).lots.slice(1) };
    const refused = await saveRound(withoutSeat);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('Lots with bids cannot be removed: Seat A');

    const edited = await json<BiddingRoundDto>(
      await saveRound({ ...withoutSeat, name: 'Team market (edited)', lots: [...withoutSeat.lots, { kind: 'SEAT', label: 'Seat A' }] }),
    );
    expect(edited).toMatchObject({ id: created.id, name: 'Team market (edited)', bidCount: 1 });
    expect(edited.lots.find((lot) => lot.label === 'Seat A')?.id).toBe(created.lots[0].id);
    expect((await json<BiddingRoundDto>(await t.request(`/api/bidding/rounds/${created.id}`, { as: organizer }))).name).toBe('Team market (edited)');
    expect((await t.request('/api/bidding/rounds/999999', { as: organizer })).status).toBe(404);
  });

  it('takes sealed bids: each bidder sees only their own, within their budget, while the lot is open', async () => {
    const round = await newBiddingRound(t.em(), {
      lots: [
        { kind: 'NUMBER', label: '31' },
        { kind: 'NUMBER', label: '32' },
        { kind: 'SEAT', label: 'Seat X' },
      ],
    });
    const [n31, n32, seat] = [await lotId(round.id, '31'), await lotId(round.id, '32'), await lotId(round.id, 'Seat X')];

    const placed = await json<BidderRoundDto>(await bid(round.id, { lotId: n31, amount: 60 }, driver));
    expect(placed).toMatchObject({ id: round.id, budget: 100, committed: 60, available: 40, bidder: { kind: 'DRIVER', id: driverMember.profile.id } });
    expect(placed.lots.find((lot) => lot.id === n31)?.myBid?.amount).toBe(60);
    await json(await bid(round.id, { lotId: n31, amount: 50 }, steward));

    // The steward sees their own 50, not the driver's 60; neither sees the other's bid.
    const stewardView = (await mine(steward)).find((view) => view.id === round.id)!;
    expect(stewardView.lots.map((lot) => [lot.label, lot.myBid?.amount ?? null])).toEqual([
      ['31', 50],
      ['32', null],
    ]);

    // Changing a bid replaces it; over the budget across open bids is refused.
    expect((await json<BidderRoundDto>(await bid(round.id, { lotId: n31, amount: 70 }, driver))).committed).toBe(70);
    const over = await bid(round.id, { lotId: n32, amount: 35 }, driver);
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message).toBe('This bid needs 35 but only 30 of your budget of 100 is left');
    expect((await json<BidderRoundDto>(await bid(round.id, { lotId: n32, amount: 30 }, driver))).available).toBe(0);

    expect(await errorsOf(await bid(round.id, { lotId: n32, amount: 5 }, steward))).toEqual({ amount: ['A bid is at least 10'] });
    expect(await errorsOf(await bid(round.id, { lotId: n32, amount: 12 }, steward))).toEqual({ amount: ['A bid goes up in steps of 5 from 10'] });
    expect(await errorsOf(await bid(round.id, { lotId: n32, amount: 'ten' }, steward))).toEqual({ amount: ['amount must be a whole number from 1 to 1000000'] });
    expect(await errorsOf(await bid(round.id, { lotId: 999999, amount: 10 }, steward))).toEqual({ lotId: ['lot 999999 is not in this round'] });
    expect(await errorsOf(await bid(round.id, { lotId: n32, amount: 10, teamId: captainMember.team!.id }, steward))).toEqual({
      teamId: ['numbers are bid for by drivers: leave teamId out'],
    });
    expect(await errorsOf(await bid(round.id, { lotId: seat, amount: 10 }, captain))).toEqual({ teamId: ['seats and cars are bid for by a team: give teamId'] });
    expect((await bid(round.id, { lotId: seat, amount: 10, teamId: captainMember.team!.id }, driver)).status).toBe(403);
    expect((await bid(999999, { lotId: n32, amount: 10 }, driver)).status).toBe(404);
    expect((await t.request('/api/bidding/mine?for=everything', { as: driver })).status).toBe(400);

    // The captain bids for their team and sees it on the team's panel.
    await json(await bid(round.id, { lotId: seat, amount: 25, teamId: captainMember.team!.id }, captain));
    const teamView = (await mine(captain, 'teams')).find((view) => view.id === round.id)!;
    expect(teamView).toMatchObject({ bidder: { kind: 'TEAM', id: captainMember.team!.id }, committed: 25 });
    expect(teamView.lots.map((lot) => lot.label)).toEqual(['Seat X']);

    // Withdrawing: only one's own bid.
    const stewardBid = stewardView.lots[0].myBid!.id;
    expect((await t.request(`/api/bidding/bids/${stewardBid}`, { method: 'DELETE', as: driver })).status).toBe(404);
    expect((await t.request(`/api/bidding/bids/${stewardBid}`, { method: 'DELETE', as: steward })).status).toBe(204);
    expect(await t.em().count(Bid, stewardBid)).toBe(0);

    // A closed lot takes no more bids; nothing is stored.
    await t.em().nativeUpdate(BiddingLot, { id: n32 }, { closesAt: new Date(Date.now() - 1000) });
    const closed = await bid(round.id, { lotId: n32, amount: 10 }, steward);
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { message: string }).message).toBe('Bidding on NUMBER 32 has closed');
    expect(await t.em().count(Bid, { lot: n32 })).toBe(1);
  });

  it('moves only that lot’s close when a bid comes within the counter-bid window, and tells open screens', async () => {
    const round = await newBiddingRound(t.em(), {
      closesAt: new Date(Date.now() + 2 * HOUR),
      counterBidHours: 30,
      lots: [
        { kind: 'NUMBER', label: '8' },
        { kind: 'NUMBER', label: '9' },
      ],
    });
    const socket = await open(t.baseUrl, { as: steward });
    const told = nextMessage(socket, 'bidding.changed', (message) => message.roundId === round.id);
    const before = Date.now();
    const view = await json<BidderRoundDto>(await bid(round.id, { lotId: await lotId(round.id, '8'), amount: 10 }, driver));
    await told;
    const [eight, nine] = view.lots;
    expect(Date.parse(eight.closesAt)).toBeGreaterThanOrEqual(before + 30 * HOUR);
    expect(nine.closesAt).toBe(round.closesAt.toISOString());
  });

  it('settles lots whose close has passed with the scheduled job: awards, numbers on profiles, results, and the bidders told live', async () => {
    const round = await newBiddingRound(t.em(), {
      closesAt: new Date(Date.now() + 30 * HOUR),
      lots: [
        { kind: 'NUMBER', label: '44' },
        { kind: 'NUMBER', label: '45' },
        { kind: 'NUMBER', label: '6' },
        { kind: 'NUMBER', label: '46' },
      ],
    });
    const [n44, n45, n6] = [await lotId(round.id, '44'), await lotId(round.id, '45'), await lotId(round.id, '6')];
    await json(await bid(round.id, { lotId: n44, amount: 40 }, steward));
    await json(await bid(round.id, { lotId: n44, amount: 40 }, driver)); // a tie: the earlier bid (the steward's) wins
    await json(await bid(round.id, { lotId: n45, amount: 20 }, driver));
    await json(await bid(round.id, { lotId: n6, amount: 10 }, driver)); // 6 is the steward's number: won, not put on the profile
    // A short close: the lots' time is up (46 stays open).
    await t.em().nativeUpdate(BiddingLot, { id: { $in: [n44, n45, n6] } }, { closesAt: new Date(Date.now() - 1000) });

    const socket = await open(t.baseUrl, { as: driver });
    const told = nextMessage(socket, 'bidding.settled', (message) => message.roundId === round.id);
    await t.worker!.get(ScheduledJobs).run({ name: 'settle-bidding' });
    await told;

    const lots = new Map((await t.em().find(BiddingLot, { round: round.id })).map((lot) => [lot.label, lot]));
    expect(lots.get('44')).toMatchObject({ winner: `p:${stewardMember.profile.id}`, winningAmount: 40, outcome: 'won for 40; on the driver profile' });
    // The driver wins one number (45, the higher of their remaining bids); 6 then goes to nobody.
    expect(lots.get('45')).toMatchObject({ winner: `p:${driverMember.profile.id}`, winningAmount: 20, outcome: 'won for 20; on the driver profile' });
    expect(lots.get('6')).toMatchObject({ winner: null, outcome: 'not awarded: the highest bidders already won a number' });
    expect(lots.get('46')?.settledAt).toBeNull();
    const numbers = await t.em().find(DriverProfile, { id: { $in: [driverMember.profile.id, stewardMember.profile.id] } });
    expect(Object.fromEntries(numbers.map((profile) => [profile.id, profile.driverNumber]))).toEqual({ [driverMember.profile.id]: 45, [stewardMember.profile.id]: 44 });

    const driverView = (await mine(driver)).find((view) => view.id === round.id)!;
    expect(driverView).toMatchObject({ settled: false, open: true, committed: 20 });
    expect(driverView.lots.map((lot) => [lot.label, lot.settled, lot.won, lot.winner?.amount ?? null])).toEqual([
      ['6', true, false, null],
      ['44', true, false, 40],
      ['45', true, true, 20],
      ['46', false, false, null],
    ]);

    // Once settling began the round is not changed.
    const organizerView = await json<BiddingRoundDto>(await t.request(`/api/bidding/rounds/${round.id}`, { as: organizer }));
    const edit = await saveRound(requestOf(organizerView));
    expect(edit.status).toBe(409);
    // Settling again finds nothing due.
    await t.worker!.get(ScheduledJobs).run({ name: 'settle-bidding' });
    expect((await t.em().findOneOrFail(BiddingLot, n44)).winner).toBe(`p:${stewardMember.profile.id}`);
  });

  it("spends last season's points (from the stored standings) and breaks a tie by the better championship position", async () => {
    const em = t.em();
    const cup = await newCompetition(em, { style: 'TEAM' });
    const last = await newSeason(em, cup);
    const next = await newSeason(em, cup);
    const standing = (position: number, profileId: number, points: number) => ({
      position,
      profileId,
      teamId: null,
      points,
      rounds: [],
      wins: 0,
      podiums: 0,
      penaltyPoints: 0,
    });
    em.create(SeasonStandingsSnapshot, {
      season: last,
      version: 1,
      drivers: [standing(1, stewardMember.profile.id, 90), standing(2, driverMember.profile.id, 60)],
      teams: [{ position: 1, teamId: captainMember.team!.id, points: 120, rounds: [] }],
      linePoints: {},
    });
    await em.flush();
    const round = await json<BiddingRoundDto>(
      await saveRound(
        numbersRound({
          seasonId: next.id,
          currency: 'POINTS',
          tokensPerBidder: null,
          tieBreak: 'CHAMPIONSHIP_POSITION',
          lots: [
            { kind: 'NUMBER', label: '61' },
            { kind: 'SEAT', label: 'Seat 1' },
          ],
        }),
      ),
    );
    const [seat, n61] = round.lots.map((lot) => lot.id);
    expect((await json<BidderRoundDto>(await bid(round.id, { lotId: n61, amount: 30 }, driver))).budget).toBe(60);
    expect((await json<BidderRoundDto>(await bid(round.id, { lotId: n61, amount: 30 }, steward))).budget).toBe(90);
    expect((await json<BidderRoundDto>(await bid(round.id, { lotId: seat, amount: 100, teamId: captainMember.team!.id }, captain))).budget).toBe(120);
    // The captain scored nothing as a driver last season: no points to bid with for a number.
    const broke = await bid(round.id, { lotId: n61, amount: 10 }, captain);
    expect(broke.status).toBe(409);
    expect(((await broke.json()) as { message: string }).message).toBe('This bid needs 10 but only 0 of your budget of 0 is left');

    await t.em().nativeUpdate(BiddingLot, { round: round.id }, { closesAt: new Date(Date.now() - 1000) });
    await t.worker!.get(ScheduledJobs).run({ name: 'settle-bidding' });
    const lots = new Map((await t.em().find(BiddingLot, { round: round.id })).map((lot) => [lot.label, lot]));
    // Equal bids: the steward was first last season, so 61 is theirs though the driver bid earlier.
    expect(lots.get('61')).toMatchObject({ winner: `p:${stewardMember.profile.id}`, winningAmount: 30 });
    expect(lots.get('Seat 1')).toMatchObject({ winner: `t:${captainMember.team!.id}`, winningAmount: 100, outcome: 'won for 100' });
    expect((await json<BiddingRoundDto>(await t.request(`/api/bidding/rounds/${round.id}`, { as: organizer }))).settled).toBe(true);
  });
});
