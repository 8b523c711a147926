import { Module } from '@nestjs/common';
import { ImagesController } from './images.controller.js';
import { ImagesService } from './images.service.js';

/**
 * Stored images: every upload (game, track, car and event icons, later banners) goes through the one
 * webp pipeline (image-upload.ts) into the `images` table, served at /api/images/<id>.webp. Other
 * modules relate to StoredImage but store, replace and delete images only through ImagesService.
 */
@Module({
  controllers: [ImagesController],
  providers: [ImagesService],
  exports: [ImagesService],
})
export class ImagesModule {}
