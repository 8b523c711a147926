import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/index.js';
import { ImagesModule } from '../images/index.js';
import { RivalsBoardsService } from './rivals-boards.service.js';
import { RivalsServersService } from './rivals-servers.service.js';
import { RivalsTimesService } from './rivals-times.service.js';
import { RivalsController } from './rivals.controller.js';
import { RivalsHandlers } from './rivals.handlers.js';

/** Rivals: servers rotating through tracks, lap-time boards per platform (server files and stewarded submissions), picked rivals told when they are beaten. */
@Module({
  imports: [CatalogueModule, ImagesModule],
  controllers: [RivalsController],
  providers: [RivalsServersService, RivalsTimesService, RivalsBoardsService, RivalsHandlers],
  exports: [RivalsBoardsService],
})
export class RivalsModule {}
