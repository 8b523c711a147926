import { Body, Controller, Delete, Get, HttpCode, Param, Put, Res, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access } from '../../../common/access.js';
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
@Controller('downloads')
export class DownloadsController {
  constructor(private readonly downloads: DownloadsService) {}

  /** Every download with its current file and previous versions. */
  @Get()
  @Access('public')
  @CachedRead(DOWNLOAD_READS)
  list(): Promise<DownloadDto[]> {
    return this.downloads.list();
  }

  /** The current file of a download, as an attachment; counted. */
  @Get(':id/file')
  @Access('public')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The file (Content-Disposition: attachment)' })
  async current(@Param() { id }: IdParam, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return attachment(response, await this.downloads.openCurrent(id));
  }

  /** One version's file (current or previous), as an attachment; counted. */
  @Get('files/:id')
  @Access('public')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The file (Content-Disposition: attachment)' })
  async version(@Param() { id }: IdParam, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return attachment(response, await this.downloads.openVersion(id));
  }

  /** Multipart: `download` (JSON; with `id` it updates) and `file` (required to create; a new version when updating). */
  @Put('admin')
  @Access('isAdmin')
  @DownloadUpload()
  save(@Body('download') download: DownloadBody, @CurrentPrincipal() admin: Principal, @UploadedFile() file?: UploadedDownload): Promise<DownloadDto> {
    return this.downloads.save(admin, download, file);
  }

  @Get('admin/:id')
  @Access('isAdmin')
  details(@Param() { id }: IdParam): Promise<DownloadDto> {
    return this.downloads.details(id);
  }

  @Delete('admin/:id')
  @Access('isAdmin')
  @HttpCode(204)
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.downloads.remove(admin, id);
  }
}
