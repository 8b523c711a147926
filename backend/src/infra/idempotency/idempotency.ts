import { MikroORM } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  HttpStatus,
  Injectable,
  Logger,
  Global,
  Module,
  UnprocessableEntityException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants.js';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { Request, Response } from 'express';
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { catchError, from, map, mergeMap, of, switchMap, type Observable } from 'rxjs';
import { describeException } from '../../common/all-exceptions.filter.js';
import { errorBody } from '../../common/error-body.js';
import { REQUEST_DEADLINE_MS, requestStore } from '../../common/request-abandonment.js';
import { Scheduled } from '../scheduling/scheduled.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** 1–200 visible ASCII characters (no spaces or control characters). */
const VALID_KEY = /^[\x21-\x7e]{1,200}$/;
const RETENTION = `interval '24 hours'`;
const HOUR_MS = 3_600_000;
/**
 * A key still in flight this long after it was claimed belongs to a request past its deadline (which
 * commits nothing any more) or to a process that died: its retry need not wait. The margin covers a
 * COMMIT sent just before the deadline.
 */
const STALE_AFTER = `interval '${REQUEST_DEADLINE_MS / 1000 + 5} seconds'`;

export const INVALID_KEY = `The ${IDEMPOTENCY_HEADER} header must be 1 to 200 visible ASCII characters`;
export const KEY_REUSED = `This ${IDEMPOTENCY_HEADER} was already used for a different request`;
export const IN_FLIGHT = 'This request is already being processed';

type Claim = { run: true } | { run: false; status: number; body: unknown };

/** The claimed key of the request whose work is running, and the status its route answers on success. */
interface ClaimedKey {
  caller: string;
  key: string;
  status: number;
}
const claimedKey = requestStore<ClaimedKey>();

/**
 * An ORM subscriber: the COMMIT of a request holding an idempotency key also marks the key committed,
 * with the route's success status, in that same transaction. The write and the mark land together or
 * not at all, so a retry always knows whether the first request changed anything, even when its
 * process died before it could store the answer.
 */
export class MarkIdempotentCommits implements EventSubscriber {
  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    const claimed = claimedKey.getStore();
    // Only the COMMIT itself: a savepoint's release (a flush inside the transaction) commits nothing yet.
    if (!claimed || !transaction || 'savepointName' in transaction) return;
    await em
      .getConnection()
      .execute(
        `update idempotency_keys set committed_status = ? where caller = ? and key = ? and status is null`,
        [claimed.status, claimed.caller, claimed.key],
        'run',
        transaction,
      );
  }
}

/** The idempotency_keys table: who sent which key, for which request, and the answer it got. */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly orm: MikroORM) {}

  private execute<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.orm.em.getConnection().execute<T[]>(sql, params, 'all');
  }

  /**
   * Inserts the key's row "in flight" before the write runs. The primary key (caller, key) lets exactly
   * one request insert it: a concurrent duplicate finds the row (409 while in flight, the answer once
   * completed) instead of running the write a second time.
   */
  async claim(caller: string, key: string, fingerprint: string): Promise<Claim> {
    await this.execute(`delete from idempotency_keys where caller = ? and key = ? and created_at < now() - ${RETENTION}`, [caller, key]);
    const inserted = await this.execute(`insert into idempotency_keys (caller, key, fingerprint) values (?, ?, ?) on conflict do nothing returning caller`, [
      caller,
      key,
      fingerprint,
    ]);
    if (inserted.length > 0) return { run: true };
    const [first] = await this.execute<{ fingerprint: string; status: number | null; body: unknown; committed_status: number | null; stale: boolean }>(
      `select fingerprint, status, body, committed_status, created_at < now() - ${STALE_AFTER} as stale from idempotency_keys where caller = ? and key = ?`,
      [caller, key],
    );
    // Gone in between: the first request failed with a 5xx and forgot the key; this one is told to retry.
    if (!first) throw new ConflictException(IN_FLIGHT);
    if (first.fingerprint !== fingerprint) throw new UnprocessableEntityException(KEY_REUSED);
    if (first.status !== null) return { run: false, status: first.status, body: first.body };
    if (!first.stale) throw new ConflictException(IN_FLIGHT);
    // The first request is past its deadline or its process died. Its write committed (the mark commits with it):
    // the change stands, and its answer's body is lost. Or nothing committed and nothing can any more: this one runs it.
    if (first.committed_status !== null) return { run: false, status: first.committed_status, body: null };
    const taken = await this.execute(
      `update idempotency_keys set created_at = now() where caller = ? and key = ? and status is null and committed_status is null and created_at < now() - ${STALE_AFTER} returning caller`,
      [caller, key],
    );
    if (taken.length === 0) throw new ConflictException(IN_FLIGHT);
    return { run: true };
  }

  async complete(caller: string, key: string, status: number, body: unknown): Promise<void> {
    await this.execute(`update idempotency_keys set status = ?, body = ?::json where caller = ? and key = ?`, [
      status,
      body === undefined ? null : JSON.stringify(body),
      caller,
      key,
    ]);
  }

  /**
   * A failed (5xx) request leaves nothing behind, so a retry with its key runs again; unless its write
   * committed before the failure: then the change stands, and retries get its success status (no body).
   */
  async forget(caller: string, key: string): Promise<void> {
    await this.execute(`delete from idempotency_keys where caller = ? and key = ? and committed_status is null`, [caller, key]);
    await this.execute(`update idempotency_keys set status = committed_status where caller = ? and key = ? and status is null`, [caller, key]);
  }

  @Scheduled({ name: 'prune-idempotency-keys', every: HOUR_MS })
  async prune(): Promise<void> {
    await this.orm.em.fork().execute(`delete from idempotency_keys where created_at < now() - ${RETENTION}`);
  }
}

/** Who sent the key: keys are per caller, so two callers' equal keys never meet. */
const callerOf = (request: Request) => (request.principal ? `user:${request.principal.userId}` : `ip:${request.ip ?? 'unknown'}`);

/** An uploaded file as multer leaves it: in memory, or on disk (downloads). */
interface UploadedPart {
  fieldname: string;
  originalname: string;
  size: number;
  buffer?: Buffer;
  path?: string;
}

async function hashFile(hash: Hash, file: UploadedPart): Promise<void> {
  hash.update(`\n${file.fieldname} ${file.originalname} ${file.size}\n`);
  if (file.buffer) hash.update(file.buffer);
  else if (file.path) for await (const chunk of createReadStream(file.path)) hash.update(chunk as Buffer);
}

/**
 * What makes two requests "the same": method, path and body. A multipart body is read once parsed
 * (by the route's upload interceptor, which `IdempotentUpload` follows): its text fields and the
 * bytes of each file.
 */
async function fingerprintOf(request: Request & { file?: UploadedPart; files?: UploadedPart[] | Record<string, UploadedPart[]> }, parsed: boolean): Promise<string> {
  // A multipart body no upload interceptor parsed (a route without one): its length stands in for it.
  const body = parsed ? JSON.stringify(request.body ?? null) : `multipart:${request.header('content-length') ?? ''}`;
  const hash = createHash('sha256').update(`${request.method} ${request.originalUrl}\n${body}`);
  const files = [...(request.file ? [request.file] : []), ...(Array.isArray(request.files) ? request.files : Object.values(request.files ?? {}).flat())];
  for (const file of files) await hashFile(hash, file);
  return hash.digest('hex');
}

/** Whether the route parses a multipart body itself and has `IdempotentUpload` claim the key after it. */
const claimsAfterUpload = (context: ExecutionContext): boolean =>
  ((Reflect.getMetadata(INTERCEPTORS_METADATA, context.getHandler()) ?? []) as unknown[]).includes(IdempotentUpload);

/**
 * Honours an `Idempotency-Key` on POST, PUT and PATCH (only when sent): a retry by the same caller
 * with the same key and request within 24 h gets the first answer (status and body, with
 * `Idempotent-Replayed: true`) and changes nothing. Runs after the guards, so refused requests
 * (access, CSRF, rate limits) claim no key.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  /** True for `IdempotentUpload`, which runs after the route's upload interceptor parsed the body. */
  protected readonly afterUpload: boolean = false;

  constructor(private readonly store: IdempotencyStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const key = request.header(IDEMPOTENCY_HEADER);
    const multipart = !!request.is('multipart/form-data');
    // Each request is claimed once: a multipart one by the route's `IdempotentUpload` once its body is parsed, any other by the global instance.
    const claimsHere = this.afterUpload ? multipart : !(multipart && claimsAfterUpload(context));
    if (!METHODS.has(request.method) || key === undefined || !claimsHere) return next.handle();
    if (!VALID_KEY.test(key)) throw new BadRequestException(INVALID_KEY);
    const caller = callerOf(request);
    // The route's status is set before the interceptors run: what it answers when the write succeeds.
    const claimed: ClaimedKey = { caller, key, status: response.statusCode };
    const parsed = !multipart || this.afterUpload;
    return from(fingerprintOf(request, parsed).then((fingerprint) => this.store.claim(caller, key, fingerprint))).pipe(
      switchMap((claim) => {
        if (!claim.run) {
          response.status(claim.status).setHeader(REPLAYED_HEADER, 'true');
          return of(claim.body);
        }
        // The handler runs with the key in its async context, so its COMMIT marks the key (MarkIdempotentCommits).
        return claimedKey
          .run(claimed, () => next.handle())
          .pipe(
            map((body: unknown) => ({ status: response.statusCode, body })),
            // A refusal (4xx) is answered here, in the error shape, so its retries get the very same body.
            catchError(async (error: unknown) => {
              const { status, message, errors } = describeException(error);
              if (status >= HttpStatus.INTERNAL_SERVER_ERROR) {
                await this.store.forget(caller, key).catch((failure: Error) => this.cannotForget(failure));
                throw error;
              }
              response.status(status);
              return { status, body: errorBody(status, message, request.originalUrl, errors) as unknown };
            }),
            mergeMap(async (answer) => {
              await this.store.complete(caller, key, answer.status, answer.body);
              return answer.body;
            }),
          );
      }),
    );
  }

  private cannotForget(failure: Error): void {
    this.logger.warn(`A failed request's idempotency key stays in flight until it expires: ${failure.message}`);
  }
}

/**
 * The idempotency of a route that parses a multipart body in its own interceptor: listed after that
 * interceptor, it claims the key once the fields and files are read, so they are part of the fingerprint.
 */
@Injectable()
export class IdempotentUpload extends IdempotencyInterceptor {
  protected override readonly afterUpload = true;
}

/** The idempotency keys' store and its housekeeping (the global interceptor is registered by the API; upload routes list `IdempotentUpload`). */
@Global()
@Module({ providers: [IdempotencyStore], exports: [IdempotencyStore] })
export class IdempotencyModule {}
