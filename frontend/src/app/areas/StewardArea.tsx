import type { AreaPages } from './areaProps.js';

/** The steward screens. */
export const STEWARD_PAGES: AreaPages = {};
