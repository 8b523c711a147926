import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  UseInterceptors,
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { IdempotentUpload } from '../../infra/idempotency/idempotency.js';
import { MAX_RESULT_FILE_BYTES } from './result-import/index.js';

const LIMIT_MB = MAX_RESULT_FILE_BYTES / 1024 / 1024;

/**
 * A result file upload (`POST …/results/{race}/import` and its preview): the multipart `file`, held in
 * memory up to the readers' size limit (413 naming it past that, before the rest is read), beside the
 * text fields `decisions`, `mapping` and `confirmMismatch`.
 */
@Injectable()
export class ResultUploadInterceptor implements NestInterceptor {
  private readonly upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_RESULT_FILE_BYTES, files: 1, fields: 3, fieldSize: 256 * 1024, parts: 4 },
  }).single('file');

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request & { file?: { originalname: string } }>();
    const response = context.switchToHttp().getResponse<Response>();
    await new Promise<void>((resolve, reject) => this.upload(request, response, (error: unknown) => (error ? reject(asHttpError(error)) : resolve())));
    // Multipart file names arrive as UTF-8 bytes read as latin1 (busboy's default).
    if (request.file) request.file.originalname = Buffer.from(request.file.originalname, 'latin1').toString('utf8');
    return next.handle();
  }
}

function asHttpError(error: unknown): Error {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(`The file is larger than the ${LIMIT_MB} MB limit of a result file`);
    const message = `Bad upload: ${error.message}${error.field ? ` (${error.field})` : ''}; send "file" and optionally "decisions" and "confirmMismatch"`;
    return new BadRequestException({ message, errors: { [error.field ?? 'file']: [error.message] } });
  }
  return error instanceof Error ? new BadRequestException(`Bad upload: ${error.message}`) : new BadRequestException('Bad upload');
}

/** Documents and applies the result file upload (see ResultUploadInterceptor). */
export function ResultFileUpload(withDecisions: boolean): MethodDecorator {
  return applyDecorators(
    UseInterceptors(ResultUploadInterceptor, IdempotentUpload),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: `The server’s result file (at most ${LIMIT_MB} MB)` },
          confirmMismatch: { type: 'string', enum: ['true', 'false'], description: 'true: import a file of another game or track than the race on purpose' },
          ...(withDecisions
            ? {
                decisions: { type: 'string', description: 'JSON {"<driver key>": <driver profile id> | "GUEST" | "SKIP"}; keys as the preview gives them ("3", "3.1")' },
                mapping: { type: 'string', description: 'Older form: JSON {"<line index>": <driver profile id>}' },
              }
            : {}),
        },
      },
    }),
  );
}
