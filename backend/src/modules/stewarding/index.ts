/** The stewarding module's public face: tickets and decisions, the licence ledger, and how penalties change results. */
export { StewardingModule } from './stewarding.module.js';
export { banReason } from './licence.js';
export { applyPenalties, changesLines } from './penalties.js';
export { pointsDeductions, standingOutcomes, type PointsDeduction } from './decision-reads.js';
