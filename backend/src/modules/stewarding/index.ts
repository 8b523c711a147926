/** The stewarding module's public face: the licence ledger, decisions' reads and how penalties change results. StewardingModule is wired by core.module.ts: it needs competitions, which reads these. */
export { banReason } from './licence.js';
export { applyPenalties, changesLines } from './penalties.js';
export { pointsDeductions, standingOutcomes, ticketParties, type PointsDeduction } from './decision-reads.js';
