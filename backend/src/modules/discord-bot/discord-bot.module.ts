import { Module } from '@nestjs/common';
import { CompetitionsModule } from '../competitions/index.js';
import { LeagueEventsModule } from '../events/index.js';
import { ProfilesModule } from '../profiles/index.js';
import { RivalsModule } from '../rivals/index.js';
import { UsersModule } from '../users/index.js';
import { BotAnswers } from './bot-answers.service.js';
import { ChannelPosts } from './channel-posts.handlers.js';
import { DirectMessages, DirectMessageWorker } from './direct-messages.js';
import { FollowUps, FollowUpWorker } from './follow-ups.js';
import { InteractionsController } from './interactions.controller.js';
import { InteractionsService } from './interactions.service.js';

/** The league's Discord bot: slash commands over HTTP interactions, the channel posts of results and leader changes, and the notifications' direct messages. */
@Module({
  imports: [UsersModule, ProfilesModule, LeagueEventsModule, CompetitionsModule, RivalsModule],
  controllers: [InteractionsController],
  providers: [BotAnswers, InteractionsService, FollowUps, ChannelPosts, DirectMessages],
  exports: [BotAnswers],
})
export class DiscordBotModule {}

/** The worker's part: completes deferred answers from the follow-up queue and sends the queued direct messages. */
@Module({ imports: [DiscordBotModule], providers: [FollowUpWorker, DirectMessageWorker] })
export class DiscordBotWorkerModule {}
