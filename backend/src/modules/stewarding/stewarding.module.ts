import { Module } from '@nestjs/common';
import { ResultsReader } from '../competitions/results.reader.js';
import { ResultsService } from '../competitions/results.service.js';
import { StewardingPublicController, StewardingSettingsController, TicketsController } from './stewarding.controller.js';
import { StewardingHandlers } from './stewarding.handlers.js';
import { StewardingService } from './stewarding.service.js';

/**
 * Stewarding: incident tickets, the live steward queue, votes and decisions that flow into results
 * (through competitions' ResultsService, stateless, provided here), appeals, the licence ledger and
 * the public safety-car list.
 */
@Module({
  controllers: [TicketsController, StewardingSettingsController, StewardingPublicController],
  providers: [StewardingService, StewardingHandlers, ResultsService, ResultsReader],
})
export class StewardingModule {}
