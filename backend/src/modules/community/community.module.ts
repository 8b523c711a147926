import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/index.js';
import { AffiliatesController } from './affiliates/affiliates.controller.js';
import { AffiliatesService } from './affiliates/affiliates.service.js';
import { DownloadUploadInterceptor } from './downloads/download-upload.js';
import { DownloadsController } from './downloads/downloads.controller.js';
import { DownloadsService } from './downloads/downloads.service.js';
import { HeadlinesController } from './headlines.controller.js';
import { HeadlinesHandlers } from './headlines.handlers.js';
import { HeadlinesService } from './headlines.service.js';
import { MerchandiseController } from './merchandise/merchandise.controller.js';
import { MerchandiseService } from './merchandise/merchandise.service.js';

/** Headlines, affiliates, merchandise and downloads: what the league shares beside the racing. */
@Module({
  imports: [ImagesModule],
  controllers: [HeadlinesController, AffiliatesController, MerchandiseController, DownloadsController],
  providers: [HeadlinesService, HeadlinesHandlers, AffiliatesService, MerchandiseService, DownloadsService, DownloadUploadInterceptor],
})
export class CommunityModule {}
