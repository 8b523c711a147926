// The bidding feature's public face: its cache keys (for the live bridge) and the bidder panel slot (Profile, My Teams).
export { biddingKeys, biddingQueries } from './api.js';
export { BidderPanelSlot } from './components/BidderPanelSlot.js';
