// The rivals feature's public face: Home's section and the header's notice (each a small slot that
// loads the rest lazily), and what the live bridge does with rivals messages. Pages stay out of it
// (app/areas loads them lazily).
export { RivalsHomeSlot } from './RivalsHomeSlot.js';
export { RivalBeatenSlot } from './RivalBeatenSlot.js';
export { rivalsKeys } from './api.js';
export { noteRivalBeaten } from './cache.js';
