import { Module } from '@nestjs/common';
import { StewardingHandlers } from './stewarding.handlers.js';

/** Stewarding: incident tickets, the live steward queue, votes and decisions that flow into results, appeals, the licence ledger and the public safety-car list. */
@Module({
  providers: [StewardingHandlers],
})
export class StewardingModule {}
