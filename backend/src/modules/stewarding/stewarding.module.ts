import { Module } from '@nestjs/common';
import { CompetitionsModule } from '../competitions/index.js';
import { ProfilesModule } from '../profiles/index.js';
import { TeamsModule } from '../teams/index.js';
import { UsersModule } from '../users/index.js';
import { StewardingPublicController, StewardingSettingsController, TicketsController } from './stewarding.controller.js';
import { StewardingHandlers } from './stewarding.handlers.js';
import { StewardingService } from './stewarding.service.js';

/**
 * Stewarding: incident tickets, the live steward queue, votes and decisions that flow into results
 * (through competitions' ResultsService), appeals, the licence ledger and the public safety-car list.
 * Drivers, teams and stewards' names come from the profiles, teams and users modules.
 */
@Module({
  imports: [CompetitionsModule, ProfilesModule, TeamsModule, UsersModule],
  controllers: [TicketsController, StewardingSettingsController, StewardingPublicController],
  providers: [StewardingService, StewardingHandlers],
})
export class StewardingModule {}
