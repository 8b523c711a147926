import { Controller, NotFoundException, Param, ParseUUIDPipe, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../../common/endpoint.js';
import { IMMUTABLE_CACHE_CONTROL } from './image-upload.js';
import { ImagesService } from './images.service.js';

@ApiTags('images')
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** A stored image (webp). Its content never changes, so browsers and proxies keep it for a year. */
  @Endpoint('GET /images/:id.webp')
  @ApiProduces('image/webp')
  async image(@Param('id', new ParseUUIDPipe({ version: '4' })) id: string, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    const data = await this.images.read(id);
    if (!data) throw new NotFoundException(`Image ${id} not found`);
    response.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(data, { type: 'image/webp', length: data.length });
  }
}
