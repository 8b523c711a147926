/** The bidding module's public face: driver and team auctions. */
export { BiddingModule } from './bidding.module.js';
