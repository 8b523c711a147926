import { Module } from '@nestjs/common';
import { LeagueEventsModule } from '../events/index.js';
import { TeamsModule } from '../teams/index.js';
import { UsersModule } from '../users/index.js';
import { DriverDirectory } from './driver-directory.js';
import { ProfilesController } from './profiles.controller.js';
import { ProfilesModule } from './profiles.module.js';
import { PROFILE_RESOLVERS } from './profiles.resolver.js';

/** The drivers' API: the Profile page, public profiles, Grid and Crew, promotion; profiles with their teams, roles and events. */
@Module({
  imports: [ProfilesModule, TeamsModule, UsersModule, LeagueEventsModule],
  controllers: [ProfilesController],
  providers: [DriverDirectory, ...PROFILE_RESOLVERS],
})
export class DriversModule {}
