import { Body, Controller, Param, Res, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../../../common/endpoint.js';
import { IdParam } from '../../../common/dto-fields.js';
import { CurrentPrincipal, type Principal } from '../../../common/principal.js';
import type { DownloadDto } from '../../../contracts/community.js';
import { CachedRead } from '../../../infra/read-cache/cached-read.js';
import { DOWNLOAD_READS } from '../community.reads.js';
import { DownloadBody } from './download.dto.js';
import { DownloadUpload, type UploadedDownload } from './download-upload.js';
import { DownloadsService, type DownloadStream } from './downloads.service.js';

/** Sends a stored file as an attachment under its safe name (never shown inline, never sniffed). */
function attachment(response: Response, file: DownloadStream): StreamableFile {
  response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cache-Control', 'no-store');
  return new StreamableFile(file.stream, { type: file.contentType, length: file.size });
}

@ApiTags('community')
@Controller()
export class DownloadsController {
  constructor(private readonly downloads: DownloadsService) {}

  /** Every download with its current file and previous versions. */
  @Endpoint('GET /downloads')
  @CachedRead(DOWNLOAD_READS)
  list(): Promise<DownloadDto[]> {
    return this.downloads.list();
  }

  /** The current file of a download, as an attachment; counted. */
  @Endpoint('GET /downloads/:id/file')
  @ApiProduces('application/octet-stream')
  async current(@Param() { id }: IdParam, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return attachment(response, await this.downloads.openCurrent(id));
  }

  /** One version's file (current or previous), as an attachment; counted. */
  @Endpoint('GET /downloads/files/:id')
  @ApiProduces('application/octet-stream')
  async version(@Param() { id }: IdParam, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return attachment(response, await this.downloads.openVersion(id));
  }

  /** Multipart: `download` (JSON; with `id` it updates) and `file` (required to create; a new version when updating). */
  @Endpoint('PUT /downloads/admin')
  @DownloadUpload()
  save(@Body('download') download: DownloadBody, @CurrentPrincipal() admin: Principal, @UploadedFile() file?: UploadedDownload): Promise<DownloadDto> {
    return this.downloads.save(admin, download, file);
  }

  @Endpoint('GET /downloads/admin/:id')
  details(@Param() { id }: IdParam): Promise<DownloadDto> {
    return this.downloads.details(id);
  }

  @Endpoint('DELETE /downloads/admin/:id')
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.downloads.remove(admin, id);
  }
}
