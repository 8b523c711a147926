import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidFields } from '../../common/validation.js';
import type { BiddingRoundDto } from '../../contracts/bidding.js';
import { driverNumberProblem } from '../../contracts/profiles.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffSave } from '../audit/index.js';
import { auditedRound } from './bidding.audit.js';
import { Bid, BiddingLot, BiddingRound } from './bidding.entities.js';
import { BiddingMappers } from './bidding.mappers.js';
import { biddingAggregate } from './bidding.rules.js';
import { BiddingSeasons, ViewContext, type SeasonFacts } from './bidding-seasons.js';
import type { BiddingRoundBody } from './dto/bidding.dto.js';

/** Organizers' side of the market: rounds and their lots (who bid what stays sealed: rounds show bid counts). */
@Injectable()
export class BiddingRoundsService {
  constructor(
    private readonly em: EntityManager,
    private readonly seasons: BiddingSeasons,
    private readonly mappers: BiddingMappers,
  ) {}

  /** Every round, newest first, with its lots and how many bids it has (not who bid what). */
  async rounds(): Promise<BiddingRoundDto[]> {
    const em = this.em.fork();
    const rounds = await em.find(BiddingRound, {}, { populate: ['lots'], orderBy: { opensAt: 'desc', id: 'desc' } });
    return this.mappers.roundDtos(em, rounds, new ViewContext(this.seasons));
  }

  async round(id: number): Promise<BiddingRoundDto> {
    const em = this.em.fork();
    const round = await em.findOne(BiddingRound, id, { populate: ['lots'] });
    if (!round) throw new NotFoundException(`Bidding round ${id} not found`);
    return (await this.mappers.roundDtos(em, [round], new ViewContext(this.seasons)))[0];
  }

  /** Creates or edits a round (checks in words per field); lots with bids stay; a round whose settlement began is not changed (409). */
  async save(organizer: Principal, body: BiddingRoundBody): Promise<BiddingRoundDto> {
    const seasonId = body.seasonId ?? null;
    const facts = seasonId === null ? null : await this.seasons.facts(seasonId);
    this.check(body, facts);
    const opensAt = new Date(body.opensAt);
    const closesAt = new Date(body.closesAt);
    const id = await this.em.transactional(async (em) => {
      let round: BiddingRound;
      let before: Record<string, unknown> | null = null;
      if (body.id) {
        const found = await em.findOne(BiddingRound, body.id, { populate: ['lots'] });
        if (!found) throw new NotFoundException(`Bidding round ${body.id} not found`);
        round = found;
        if (round.lots.getItems().some((lot) => lot.settledAt)) throw new ConflictException('This round has been settled (or is being settled) and cannot be changed');
        before = auditedRound(round);
      } else {
        round = em.create(BiddingRound, {
          name: body.name,
          opensAt,
          closesAt,
          counterBidHours: 24,
          currency: body.currency,
          minimumBid: 1,
          increment: 1,
          tieBreak: body.tieBreak,
        });
      }
      const previousClose = round.closesAt;
      Object.assign(round, {
        name: body.name,
        seasonId,
        opensAt,
        closesAt,
        counterBidHours: body.counterBidHours,
        currency: body.currency,
        tokensPerBidder: body.currency === 'TOKENS' ? (body.tokensPerBidder ?? null) : null,
        minimumBid: body.minimumBid,
        increment: body.increment,
        manufacturerCap: body.manufacturerCap ?? null,
        tieBreak: body.tieBreak,
      });
      const key = (kind: string, label: string) => `${kind}|${label}`;
      const wanted = new Map(body.lots.map((lot) => [key(lot.kind, lot.label), lot]));
      const existing = body.id ? round.lots.getItems() : [];
      const removed = existing.filter((lot) => !wanted.has(key(lot.kind, lot.label)));
      if (removed.length) {
        const withBids = await em.count(Bid, { lot: { $in: removed.map((lot) => lot.id) } });
        if (withBids) throw new ConflictException(`Lots with bids cannot be removed: ${removed.map((lot) => lot.label).join(', ')}`);
        for (const lot of removed) em.remove(lot);
      }
      const kept = new Map(existing.map((lot) => [key(lot.kind, lot.label), lot]));
      for (const [lotKey, lot] of wanted) {
        const current = kept.get(lotKey);
        if (current) {
          current.manufacturer = lot.manufacturer?.trim() || null;
          // A counter-bid moved it past the old close: it keeps the later of the two.
          const extended = previousClose && current.closesAt > previousClose;
          current.closesAt = extended && current.closesAt > closesAt ? current.closesAt : closesAt;
        } else {
          em.create(BiddingLot, { round, kind: lot.kind, label: lot.label, manufacturer: lot.manufacturer?.trim() || null, closesAt });
        }
      }
      await em.flush();
      recordDomainEvent(em, 'BiddingRoundChanged', biddingAggregate(round.id), { roundId: round.id });
      recordStaffSave(em, organizer, { kind: 'bidding-round', entityId: round.id, label: round.name, before, after: auditedRound(round) });
      await em.flush();
      return round.id;
    });
    return this.round(id);
  }

  /** The rules only the service can check, all at once, in words per field. */
  private check(body: BiddingRoundBody, facts: SeasonFacts | null): void {
    const problems: Record<string, string[]> = {};
    const add = (field: string, message: string) => (problems[field] ??= []).push(message);
    if (new Date(body.closesAt) <= new Date(body.opensAt)) add('closesAt', 'closesAt must be after opensAt');
    if (body.currency === 'TOKENS' && !body.tokensPerBidder) add('tokensPerBidder', 'tokensPerBidder is needed when the currency is TOKENS');
    if (!facts) {
      if (body.currency === 'POINTS') add('currency', "a league-wide round has no previous season's points: use TOKENS or choose a season");
      if (body.tieBreak === 'CHAMPIONSHIP_POSITION') add('tieBreak', 'a league-wide round has no championship: use EARLIEST_BID or choose a season');
    }
    if (!body.lots.length) add('lots', 'a round needs at least one lot');
    const seen = new Set<string>();
    for (const lot of body.lots) {
      const lotKey = `${lot.kind}|${lot.label}`;
      if (seen.has(lotKey)) add('lots', `${lot.kind} ${lot.label} is listed twice`);
      seen.add(lotKey);
      if (lot.kind === 'NUMBER') {
        const number = Number(lot.label);
        const problem = /^\d+$/.test(lot.label) ? driverNumberProblem(number) : 'A driver number is a whole number';
        if (problem) add('lots', `NUMBER ${lot.label}: ${problem}`);
      } else if (!facts) add('lots', `${lot.kind} ${lot.label}: seats and cars are bid for in a season of a TEAM or LVL competition: choose one`);
      else if (!facts.teamsRace) add('lots', `${lot.kind} ${lot.label}: seats and cars are only for TEAM and LVL competitions`);
    }
    if (Object.keys(problems).length) throw invalidFields(problems);
  }
}
