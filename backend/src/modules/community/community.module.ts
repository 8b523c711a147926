import { Module } from '@nestjs/common';
import { HeadlinesController } from './headlines.controller.js';
import { HeadlinesHandlers } from './headlines.handlers.js';
import { HeadlinesService } from './headlines.service.js';

/** Headlines now; affiliates, media, merchandise, downloads and crew as they come. */
@Module({
  controllers: [HeadlinesController],
  providers: [HeadlinesService, HeadlinesHandlers],
})
export class CommunityModule {}
