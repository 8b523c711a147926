import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../common/principal.js';
import { driverDisplayName } from '../contracts/driver-name.js';
import { roleFlags } from '../contracts/roles.js';
import { DEFAULT_STEWARDING_SETTINGS, type TicketOutcome, type TicketState } from '../contracts/stewarding.js';
import { ResultRevision, Season } from '../modules/competitions/competition.entities.js';
import { ResultsService, STEWARDS_NOTE } from '../modules/competitions/results.service.js';
import { StandingsService } from '../modules/competitions/standings.service.js';
import { LeagueEvent, Race } from '../modules/events/event.entities.js';
import type { DriverProfile } from '../modules/profiles/driver-profile.entity.js';
import { rewriteLedger } from '../modules/stewarding/licence.js';
import { Ticket, TicketAppeal, TicketAudit, TicketDecision, TicketMessage, TicketParty, TicketStatement, TicketVote } from '../modules/stewarding/stewarding.entities.js';
import { addMinutes, filingWindow } from '../modules/stewarding/stewarding.settings.js';
import { User } from '../modules/users/user.entity.js';

const HOUR = 3600 * 1000;

interface TicketSeed {
  state: TicketState;
  /** Positions (1-based) of the filer and the accused in the race's classification. */
  filer: number;
  accused: number;
  lap: number;
  corner: string;
  description: string;
  statement?: string;
  message?: string;
  votes?: number;
  /** Round 1's outcomes (the accused unless a profile is given) and the appeal's, if any. */
  decision?: { outcomes: Omit<TicketOutcome, 'profileId'>[]; reason: string; hoursAgo: number };
  appeal?: { reason: string; outcome?: { outcomes: Omit<TicketOutcome, 'profileId'>[]; reason: string } };
}

const TICKETS: TicketSeed[] = [
  { state: 'OPEN', filer: 4, accused: 5, lap: 2, corner: 'Turn 1', description: 'Locked up into turn one and pushed me off the track; I lost four places.' },
  {
    state: 'UNDER_REVIEW',
    filer: 6,
    accused: 7,
    lap: 9,
    corner: 'Chicane',
    description: 'Cut the chicane twice while defending and kept the position.',
    statement: 'I was squeezed onto the kerb and backed off on the straight after.',
    message: 'Onboard shows two cuts; the second one gained time.',
    votes: 1,
  },
  {
    state: 'DECIDED',
    filer: 2,
    accused: 3,
    lap: 14,
    corner: 'Hairpin',
    description: 'Divebomb at the hairpin from too far back; we both spun and I lost the lead fight.',
    votes: 2,
    decision: {
      outcomes: [
        { kind: 'TIME_PENALTY', amount: 10 },
        { kind: 'LICENCE_POINTS', amount: 2 },
      ],
      reason: 'Avoidable contact: the move was never on.',
      hoursAgo: 30,
    },
  },
  {
    state: 'APPEALED',
    filer: 8,
    accused: 9,
    lap: 5,
    corner: 'Turn 4',
    description: 'Moved under braking twice in the same corner.',
    votes: 2,
    decision: { outcomes: [{ kind: 'WARNING' }], reason: 'One move under braking: a warning.', hoursAgo: 3 },
    appeal: { reason: 'The telemetry shows I braked in a straight line both times.' },
  },
  {
    state: 'CLOSED',
    filer: 10,
    accused: 11,
    lap: 1,
    corner: 'Turn 1',
    description: 'Unsafe rejoin after a spin right in front of the pack.',
    votes: 2,
    decision: { outcomes: [{ kind: 'LICENCE_POINTS', amount: 3 }], reason: 'Unsafe rejoin.', hoursAgo: 40 },
    appeal: {
      reason: 'I waited for the pack to pass.',
      outcome: { outcomes: [{ kind: 'LICENCE_POINTS', amount: 3 }], reason: 'The replay confirms the unsafe rejoin: decision confirmed.' },
    },
  },
];

/**
 * Tickets in every state on the latest raced round of each current season closed for filing: open, under review,
 * decided (a time penalty already in the results and standings), under appeal, and closed after an
 * appeal; with statements, a thread, votes and the audit trail, as the stewarding service writes them.
 */
export async function seedDemoStewarding(em: EntityManager, stewardIds: number[], organizerId: number): Promise<void> {
  // Loaded again: the competitions' seed cleared the entity manager.
  const found = await em.find(User, { id: { $in: stewardIds } });
  const stewards = stewardIds.map((id) => found.find((user) => user.id === id)!);
  const organizer = await em.findOneOrFail(User, organizerId);
  const seasons = await em.find(Season, { competition: { current: true } }, { orderBy: { id: 'asc' } });
  const principal: Principal = { userId: organizer.id, roles: organizer.roles, flags: roleFlags(organizer.roles), via: 'session' };
  const results = ResultsService.on(em);
  for (const season of seasons) {
    // The latest round closed for filing: the tickets were filed in its window (the one after may still be open).
    const closedBefore = new Date(Date.now() - DEFAULT_STEWARDING_SETTINGS.protestDeadlineMinutes * 60_000);
    const event = await em.findOne(LeagueEvent, { season: season.id, startsAt: { $lt: closedBefore } }, { orderBy: { startsAt: 'desc' } });
    if (!event) continue;
    const race = await em.findOne(Race, { raceEvent: { event: event.id } }, { orderBy: { raceEvent: { position: 'asc' }, position: 'desc' } });
    if (!race) continue;
    const base = await em.findOne(ResultRevision, { race: race.id }, { populate: ['lines.profile', 'lines.team'], orderBy: { number: 'desc' } });
    if (!base) continue;
    const byPosition = new Map(base.lines.getItems().map((line) => [line.position, line.profile as DriverProfile]));
    const { opensAt, closesAt } = filingWindow(event.startsAt, DEFAULT_STEWARDING_SETTINGS);
    const penalties: TicketOutcome[] = [];
    const ledger: [Ticket, TicketOutcome[]][] = [];
    for (const seed of TICKETS) {
      const filer = byPosition.get(seed.filer);
      const accused = byPosition.get(seed.accused);
      if (!filer || !accused) continue;
      const ticket = em.create(Ticket, {
        season,
        event,
        race,
        state: seed.state,
        lap: seed.lap,
        corner: seed.corner,
        description: seed.description,
        evidence: [{ url: 'https://www.youtube.com/watch?v=demo-onboard', time: `${seed.lap}:30` }],
        filedAt: addMinutes(opensAt, 30),
        windowOpensAt: opensAt,
        windowClosesAt: closesAt,
        decisionDueAt: addMinutes(closesAt, DEFAULT_STEWARDING_SETTINGS.decisionDueMinutes),
        round: seed.appeal ? 2 : 1,
      });
      em.create(TicketParty, { ticket, profile: filer, role: 'FILER' });
      em.create(TicketParty, { ticket, profile: accused, role: 'ACCUSED' });
      const log = (actor: User | null, action: TicketAudit['action'], detail: string) => em.create(TicketAudit, { ticket, actor, action, detail });
      log(filer.user, 'FILED', `filed against ${driverDisplayName(accused)}`);
      if (seed.statement) {
        em.create(TicketStatement, { ticket, profile: accused, text: seed.statement });
        log(accused.user, 'STATEMENT', `statement by ${driverDisplayName(accused)}`);
      }
      if (seed.message) {
        em.create(TicketMessage, { ticket, author: stewards[0], text: seed.message });
        log(stewards[0], 'MESSAGE', 'posted in the stewards’ thread');
      }
      const first = seed.decision ? seed.decision.outcomes.map((outcome) => ({ ...outcome, profileId: accused.id })) : [{ kind: 'WARNING' as const, profileId: accused.id }];
      const voters = stewards.slice(0, seed.votes ?? 0);
      for (const steward of voters) {
        em.create(TicketVote, { ticket, steward, round: 1, outcomes: first, reason: seed.decision?.reason ?? 'A warning at most.' });
        log(steward, 'VOTE', 'voted');
      }
      if (seed.decision) {
        const decidedAt = new Date(Date.now() - seed.decision.hoursAgo * HOUR);
        em.create(TicketDecision, { ticket, round: 1, outcomes: first, reason: seed.decision.reason, decidedBy: voters.map((steward) => steward.id), decidedAt });
        log(voters[0] ?? null, 'DECISION', 'decided');
        if (seed.appeal) {
          em.create(TicketAppeal, { ticket, profile: accused, reason: seed.appeal.reason, createdAt: addMinutes(decidedAt, 60) });
          log(accused.user, 'APPEAL', `appealed by ${driverDisplayName(accused)}`);
          if (seed.appeal.outcome) {
            const outcomes = seed.appeal.outcome.outcomes.map((outcome) => ({ ...outcome, profileId: accused.id }));
            const heardBy = stewards.filter((steward) => !voters.includes(steward)).slice(0, 1);
            em.create(TicketDecision, { ticket, round: 2, outcomes, reason: seed.appeal.outcome.reason, decidedBy: heardBy.map((steward) => steward.id), confirmed: true });
            log(heardBy[0] ?? null, 'APPEAL_DECISION', 'decided (confirmed)');
            ledger.push([ticket, outcomes]);
          } else ledger.push([ticket, first]);
        } else {
          penalties.push(...first);
          ledger.push([ticket, first]);
        }
      }
    }
    await em.flush();
    // Guests' lines have no profile.
    const driverNames = new Map([...byPosition.values()].flatMap((profile) => (profile ? [[profile.id, driverDisplayName(profile)] as const] : [])));
    for (const [ticket, outcomes] of ledger) await rewriteLedger(em, ticket, outcomes, { seasonId: season.id, ...DEFAULT_STEWARDING_SETTINGS }, driverNames);
    if (!penalties.some((outcome) => outcome.kind === 'TIME_PENALTY')) continue;
    const ticket = await em.findOneOrFail(Ticket, { race: race.id, state: 'DECIDED' });
    const revision = await results.applyDecisions(
      em,
      season,
      { seasonId: season.id, eventId: event.id, raceId: race.id },
      principal,
      `${STEWARDS_NOTE}: ticket #${ticket.id}`,
    );
    em.create(TicketAudit, {
      ticket,
      actor: null,
      action: 'RESULTS_REVISION',
      detail: `results of ${event.name} revised with every decision of the race (revision ${revision}, from revision ${base.number})`,
    });
    await em.flush();
    // The revision raised the season's results version in SQL: the standings are labelled with the new one.
    await em.refresh(season);
    await StandingsService.on(em).recompute(em, season.id);
  }
}
