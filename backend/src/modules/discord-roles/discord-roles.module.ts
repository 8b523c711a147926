import { Module } from '@nestjs/common';
import { TeamsModule } from '../teams/index.js';
import { UsersModule } from '../users/index.js';
import { DiscordRolesController } from './discord-roles.controller.js';
import { RoleSyncCommands } from './role-sync.commands.js';
import { RoleSyncQueue } from './role-sync.queue.js';
import { RoleSyncService } from './role-sync.service.js';
import { RoleSyncWorker } from './role-sync.worker.js';

/** The Discord role sync: the plan and its job (API); the league roles come through the teams and users services. */
@Module({
  imports: [TeamsModule, UsersModule],
  controllers: [DiscordRolesController],
  providers: [RoleSyncService, RoleSyncQueue, RoleSyncCommands],
  exports: [RoleSyncService],
})
export class DiscordRolesModule {}

/** The worker's side: runs the role sync jobs (worker processes only). */
@Module({
  imports: [DiscordRolesModule],
  providers: [RoleSyncWorker],
})
export class RoleSyncWorkerModule {}
