import { Module } from '@nestjs/common';
import { CompetitionsModule } from '../competitions/index.js';
import { ProfilesModule } from '../profiles/index.js';
import { RivalsModule } from '../rivals/index.js';
import { TeamsModule } from '../teams/index.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsHandlers } from './notifications.handlers.js';
import { NotificationsService } from './notifications.service.js';

/**
 * The notification centre: domain-event subscribers (one per kind) and the race reminder write each
 * user's notifications with a NotificationCreated event (push and Discord DM delivery subscribe to
 * it elsewhere); users read and mark theirs and choose each kind's channels.
 */
@Module({
  imports: [CompetitionsModule, ProfilesModule, RivalsModule, TeamsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationsHandlers],
  exports: [NotificationsService],
})
export class NotificationsModule {}
