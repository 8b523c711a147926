import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ForeignKeyConstraintViolationException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Request, Response } from 'express';
import { errorBody } from './error-body.js';
import { MAX_JSON_DEPTH } from './input-limits.js';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, isRedisUnavailable, SERVICE_UNAVAILABLE } from './service-unavailable.js';

interface HttpError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Messages for errors raised by Express' body parsers, which carry an http-errors `type`. */
const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.too.large': 'The request body is larger than the 1 MB limit',
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.deep': `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
  'encoding.unsupported': 'The request body encoding is not supported',
  'charset.unsupported': 'The request body charset is not supported',
  'request.aborted': 'The request was aborted',
};

/**
 * Turns every failure into the one error body of SPEC §8: `{timestamp, status, message, path}`.
 * Client mistakes keep their 4xx and a clear message; anything unexpected is logged in full
 * and answered with a bare 500 — no stack trace or SQL ever reaches a response.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    // GraphQL answers in its own error shape (infra/graphql formats it): hand the error back to it.
    if (host.getType<string>() === 'graphql') throw exception;
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const { status, message, errors } = describeException(exception);
    if (status === HttpStatus.SERVICE_UNAVAILABLE) this.logger.warn(`${request.method} ${request.originalUrl ?? request.url}: ${(exception as Error).message}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) return;
    response.status(status).json(errorBody(status, message, request.originalUrl ?? request.url, errors));
  }
}

/** The status, message and field errors a failure is answered with (the filter's rule, also used to remember 4xx answers). */
export function describeException(exception: unknown): { status: number; message: string; errors?: Record<string, string[]> } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest wraps body-parser errors in an HttpException; their own messages echo the input.
    const parserType = (exception.cause as HttpError | undefined)?.type;
    if (parserType && BODY_PARSER_MESSAGES[parserType] && status < 500) return { status, message: BODY_PARSER_MESSAGES[parserType] };
    const body = exception.getResponse();
    if (typeof body === 'string') return { status, message: body };
    const { message, errors } = body as { message?: string | string[]; errors?: Record<string, string[]> };
    const text = Array.isArray(message) ? message.join('; ') : (message ?? exception.message);
    const said = status >= 500 && status !== HttpStatus.SERVICE_UNAVAILABLE ? 'Internal server error' : text;
    return { status, message: said, errors };
  }
  // An outage is not the caller's fault nor a bug: 503, and they may try again.
  if (isDatabaseUnavailable(exception)) return { status: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE };
  if (isRedisUnavailable(exception)) return { status: HttpStatus.SERVICE_UNAVAILABLE, message: SERVICE_UNAVAILABLE };
  if (exception instanceof UniqueConstraintViolationException) {
    return { status: HttpStatus.CONFLICT, message: 'This conflicts with an existing record' };
  }
  if (exception instanceof ForeignKeyConstraintViolationException) {
    return { status: HttpStatus.CONFLICT, message: 'This refers to a record that does not exist or is still in use' };
  }
  if (exception instanceof NotFoundError) return { status: HttpStatus.NOT_FOUND, message: 'Not found' };
  const httpError = exception as HttpError | null;
  const status = httpError?.status ?? httpError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = httpError?.type ? BODY_PARSER_MESSAGES[httpError.type] : undefined;
    return { status, message: known ?? (httpError?.expose && httpError.message ? httpError.message : 'Bad request') };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
}
