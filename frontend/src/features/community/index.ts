// The community feature's public face: headlines, Home's affiliates, and what else the league shares.
export { communityCommands, communityKeys, communityQueries } from './api.js';
export { AffiliateBannerSlot, OfficialAffiliatesSlot } from './components/homeSlots.js';
