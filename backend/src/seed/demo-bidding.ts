import type { EntityManager } from '@mikro-orm/postgresql';
import { TOKEN_MARKET_RULES } from '../contracts/bidding.js';
import { BiddingLot, BiddingRound } from '../modules/bidding/bidding.entities.js';

const DAY = 24 * 3_600_000;

/** The demo league's bidding market: a league-wide round for race numbers, open since yesterday for a week (100 tokens each). */
export async function seedDemoBidding(em: EntityManager, now = new Date()): Promise<void> {
  const round = em.create(BiddingRound, {
    name: 'Race numbers market',
    seasonId: null,
    opensAt: new Date(now.getTime() - DAY),
    closesAt: new Date(now.getTime() + 6 * DAY),
    ...TOKEN_MARKET_RULES,
  });
  for (const number of [3, 8, 13, 21, 27, 33, 44, 55, 63, 77, 88, 99]) {
    em.create(BiddingLot, { round, kind: 'NUMBER', label: String(number), closesAt: round.closesAt });
  }
  await em.flush();
}
