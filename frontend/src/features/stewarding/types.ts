// The stewarding contract as the web client uses it (backend/src/contracts/stewarding.ts).
export type * from '@paddock/contracts/stewarding.js';
export type { Page } from '@paddock/contracts/api.js';
