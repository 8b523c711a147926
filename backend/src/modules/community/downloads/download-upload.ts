import {
  BadRequestException,
  Inject,
  Injectable,
  PayloadTooLargeException,
  applyDecorators,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import multer from 'multer';
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../../config/environment.js';
import { IdempotentUpload } from '../../../infra/idempotency/idempotency.js';

/** A download's upload as multer wrote it to disk (never held in memory whole). */
export interface UploadedDownload {
  originalname: string;
  size: number;
  /** Where it was streamed to (the storage folder's `incoming/`); moved or deleted by the service. */
  path: string;
}

/** The storage folder of downloads, resolved once from the configuration. */
export function downloadsFolder(config: AppConfig): { root: string; incoming: string } {
  const root = path.resolve(config.downloads.dir);
  return { root, incoming: path.join(root, 'incoming') };
}

/**
 * `PUT /api/downloads/admin`: multipart with a text field `download` (JSON) and an optional file
 * `file`, streamed to the storage folder (its `incoming/` part) as it arrives, at most
 * `DOWNLOADS_MAX_MB` (413 past it, the partial file removed). The JSON part becomes the body the route's DTO validates.
 */
@Injectable()
export class DownloadUploadInterceptor implements NestInterceptor {
  private readonly upload: ReturnType<multer.Multer['single']>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { incoming } = downloadsFolder(config);
    mkdirSync(incoming, { recursive: true });
    this.upload = multer({
      storage: multer.diskStorage({ destination: incoming, filename: (_request, _file, done) => done(null, `${randomUUID()}.upload`) }),
      limits: { fileSize: config.downloads.maxBytes, files: 1, fields: 2, fieldSize: 64 * 1024, parts: 3 },
    }).single('file');
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.handle(context, next));
  }

  private async handle(context: ExecutionContext, next: CallHandler): Promise<unknown> {
    const request = context.switchToHttp().getRequest<Request & { file?: UploadedDownload }>();
    const response = context.switchToHttp().getResponse<Response>();
    await new Promise<void>((resolve, reject) => this.upload(request, response, (error: unknown) => (error ? reject(this.asHttpError(error)) : resolve())));
    // Multipart file names arrive as UTF-8 bytes read as latin1 (busboy's default).
    if (request.file) request.file.originalname = Buffer.from(request.file.originalname, 'latin1').toString('utf8');
    try {
      request.body = { download: this.jsonPart(request.body as Record<string, unknown> | undefined) };
    } catch (error) {
      if (request.file) await unlink(request.file.path).catch(() => undefined);
      throw error;
    }
    try {
      return await lastValueFrom(next.handle(), { defaultValue: undefined });
    } finally {
      // Kept files were moved into the storage folder by then; whatever is left here was refused.
      if (request.file) await unlink(request.file.path).catch(() => undefined);
    }
  }

  private jsonPart(body: Record<string, unknown> = {}): object {
    const unknown = Object.keys(body).filter((key) => key !== 'download');
    if (unknown.length) throw new BadRequestException(`Unknown part(s): ${unknown.join(', ')}; send "download" (JSON) and optionally "file"`);
    const raw = body.download;
    if (raw === undefined || raw === '')
      throw new BadRequestException({ message: 'The download part is required: a multipart text field holding JSON', errors: { download: ['is required'] } });
    let value: unknown = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw) as unknown;
      } catch {
        throw new BadRequestException({ message: 'The download part is not valid JSON', errors: { download: ['must be JSON'] } });
      }
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new BadRequestException({ message: 'The download part must be a JSON object', errors: { download: ['must be a JSON object'] } });
    }
    return value;
  }

  private asHttpError(error: unknown): Error {
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') {
        return new PayloadTooLargeException(`The file is larger than the ${this.config.downloads.maxBytes / 1024 / 1024} MB limit`);
      }
      return new BadRequestException({ message: `Bad upload: ${error.message}${error.field ? ` (${error.field})` : ''}`, errors: { file: [error.message] } });
    }
    return error instanceof Error ? new BadRequestException(`Bad upload: ${error.message}`) : new BadRequestException('Bad upload');
  }
}

/** Documents and applies the downloads upload (see DownloadUploadInterceptor). */
export function DownloadUpload(): MethodDecorator {
  return applyDecorators(
    UseInterceptors(DownloadUploadInterceptor, IdempotentUpload),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['download'],
        properties: {
          download: { type: 'string', description: 'The download as JSON' },
          file: { type: 'string', format: 'binary', description: 'PDF, zip, JSON or an image; required to create, a new version when updating' },
        },
      },
    }),
  );
}
