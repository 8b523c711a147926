import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/index.js';
import { UsersModule } from '../users/index.js';
import { TeamRosters } from './team-rosters.js';
import { TeamsController } from './teams.controller.js';
import { TeamsModule } from './teams.module.js';
import { TeamsResolver } from './teams.resolver.js';

/** The teams' API: admin teams and captains, My Teams (invite, remove, hand over), invitations, GridTeams; roles follow membership. */
@Module({
  imports: [TeamsModule, ProfilesModule, UsersModule],
  controllers: [TeamsController],
  providers: [TeamRosters, TeamsResolver],
})
export class TeamsApiModule {}
