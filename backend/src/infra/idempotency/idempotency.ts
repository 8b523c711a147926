import type { EntityManager, EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
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
import type { Request, Response } from 'express';
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { catchError, from, map, mergeMap, Observable, of, switchMap } from 'rxjs';
import { describeException } from '../../common/all-exceptions.filter.js';
import { errorBody } from '../../common/error-body.js';
import { REQUEST_DEADLINE_MS, requestStore } from '../../common/request-abandonment.js';
import { REQUEST_PATH_DATABASE } from '../database/database.config.js';
import { OutboxEvent } from '../outbox/outbox-event.entity.js';
import { Scheduled } from '../scheduling/scheduled.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** 1–200 visible ASCII characters (no spaces or control characters). */
const VALID_KEY = /^[\x21-\x7e]{1,200}$/;
const RETENTION = `interval '24 hours'`;
/**
 * A key still in flight after this long belongs to a request that can commit nothing any more: it was
 * abandoned at its deadline, and a COMMIT sent just before that fails within the query timeout. Its
 * answer was a 5xx whose key could not be forgotten (PostgreSQL was the failure), so a retry runs.
 */
const ABANDONED_IN_FLIGHT = `interval '${REQUEST_DEADLINE_MS + REQUEST_PATH_DATABASE.query_timeout} milliseconds'`;
const HOUR_MS = 3_600_000;

export const INVALID_KEY = `The ${IDEMPOTENCY_HEADER} header must be 1 to 200 visible ASCII characters`;
export const KEY_REUSED = `This ${IDEMPOTENCY_HEADER} was already used for a different request`;
export const IN_FLIGHT = 'This request is already being processed';
export const APPLIED_ANSWER_LOST = 'This change was saved, but its answer was lost (a service failed after saving): reload to see it.';

type Claim = { run: true } | { run: false; status: number; body: unknown };

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
    const [first] = await this.execute<{ fingerprint: string; status: number | null; body: unknown }>(
      `select fingerprint, status, body from idempotency_keys where caller = ? and key = ?`,
      [caller, key],
    );
    // Gone in between: the first request failed with a 5xx and forgot the key; this one is told to retry.
    if (!first) throw new ConflictException(IN_FLIGHT);
    if (first.fingerprint !== fingerprint) throw new UnprocessableEntityException(KEY_REUSED);
    if (first.status !== null) return { run: false, status: first.status, body: first.body };
    // Still in flight. Past its deadline (or its process died) the first committed nothing, or its key would say
    // so (MarkKeysAppliedAtCommit), and can commit nothing any more: this retry takes the key over and runs.
    const taken = await this.execute(
      `update idempotency_keys set created_at = now() where caller = ? and key = ? and status is null and created_at < now() - ${ABANDONED_IN_FLIGHT} returning caller`,
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

  /** A failed (5xx) request leaves nothing behind, so a retry with its key runs again. */
  async forget(caller: string, key: string): Promise<void> {
    // A key marked applied stays: its change committed (MarkKeysAppliedAtCommit) before the failure.
    await this.execute(`delete from idempotency_keys where caller = ? and key = ? and status is null`, [caller, key]);
  }

  @Scheduled({ name: 'prune-idempotency-keys', every: HOUR_MS })
  async prune(): Promise<void> {
    await this.orm.em.fork().execute(`delete from idempotency_keys where created_at < now() - ${RETENTION}`);
  }
}

/** The keyed request whose work is running, and whether its change has committed. */
interface KeyedRequest {
  caller: string;
  key: string;
  path: string;
  applied: boolean;
}
const keyedRequests = requestStore<KeyedRequest>();

/** What a retry of a request whose change committed but whose answer failed gets (the answer is gone). */
const appliedAnswer = (path: string) => errorBody(HttpStatus.CONFLICT, APPLIED_ANSWER_LOST, path) as unknown;

/**
 * An ORM subscriber: the transaction of a keyed request that makes a change (it records a domain
 * event) stores, in that transaction, that the key's change is applied. Its answer replaces this once
 * sent; if a service fails after the COMMIT, the key says the change was saved and a retry never
 * applies it twice.
 */
export class MarkKeysAppliedAtCommit implements EventSubscriber<OutboxEvent> {
  private readonly changing = new WeakSet<EntityManager>();

  getSubscribedEntities() {
    return [OutboxEvent];
  }

  afterCreate({ em }: EventArgs<OutboxEvent>): void {
    this.changing.add(em);
  }

  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    const request = keyedRequests.getStore();
    const savepoint = !!transaction && typeof transaction === 'object' && 'savepointName' in transaction;
    if (!request || savepoint || !this.changing.has(em)) return;
    await em
      .getConnection()
      .execute(
        `update idempotency_keys set status = ?, body = ?::json where caller = ? and key = ? and status is null`,
        [HttpStatus.CONFLICT, JSON.stringify(appliedAnswer(request.path)), request.caller, request.key],
        'run',
        transaction,
      );
  }

  afterTransactionCommit({ em }: TransactionEventArgs): void {
    const request = keyedRequests.getStore();
    if (request && this.changing.has(em)) request.applied = true;
    this.changing.delete(em);
  }

  afterTransactionRollback({ em }: TransactionEventArgs): void {
    this.changing.delete(em);
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
    const parsed = !multipart || this.afterUpload;
    return from(fingerprintOf(request, parsed).then((fingerprint) => this.store.claim(caller, key, fingerprint))).pipe(
      switchMap((claim) => {
        if (!claim.run) {
          response.status(claim.status).setHeader(REPLAYED_HEADER, 'true');
          return of(claim.body);
        }
        const keyed: KeyedRequest = { caller, key, path: request.originalUrl, applied: false };
        const handled = new Observable<unknown>((subscriber) => keyedRequests.run(keyed, () => next.handle().subscribe(subscriber)));
        return handled.pipe(
          map((body: unknown) => ({ status: response.statusCode, body })),
          // A refusal (4xx) is answered here, in the error shape, so its retries get the very same body.
          catchError(async (error: unknown) => {
            const { status, message, errors } = describeException(error);
            if (status >= HttpStatus.INTERNAL_SERVER_ERROR && keyed.applied) {
              // Saved, then a service failed: "nothing was changed" would be untrue, and the key already says so.
              response.status(HttpStatus.CONFLICT);
              return { status: HttpStatus.CONFLICT, body: appliedAnswer(request.originalUrl) };
            }
            if (status >= HttpStatus.INTERNAL_SERVER_ERROR) {
              // Not awaited: the answer must not wait on PostgreSQL, which may be what failed.
              void this.store.forget(caller, key).catch((failure: Error) => this.cannotForget(failure));
              throw error;
            }
            response.status(status);
            return { status, body: errorBody(status, message, request.originalUrl, errors) as unknown };
          }),
          mergeMap(async (answer) => {
            // Once the change committed its key says so already: a failure to store the answer loses only the answer.
            await this.store.complete(caller, key, answer.status, answer.body).catch((error: unknown) => {
              if (!keyed.applied) throw error;
            });
            return answer.body;
          }),
        );
      }),
    );
  }

  private cannotForget(failure: Error): void {
    this.logger.warn(`A failed request's idempotency key stays in flight until its request's deadline has passed: ${failure.message}`);
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
