import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { ServiceUnavailableException } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';

/** A request still unanswered after this long is abandoned: its changes are not committed any more. */
export const REQUEST_DEADLINE_MS = 10_000;

export const ABANDONED = 'The request was given up before its change was saved (the connection closed or it took too long): nothing was changed. Try again.';

/** The abandonment signal of the request whose work is running (none outside requests). */
const current = new AsyncLocalStorage<AbortSignal>();

/**
 * Marks a request abandoned when its client goes away before the answer was sent, or when it is still
 * unanswered at its deadline (it waited that long for a connection, a lock, a service). Everything the
 * request does runs with that signal, and `RefuseAbandonedCommits` reads it before any COMMIT.
 */
export function abandonWhenClientLeaves(deadlineMs = REQUEST_DEADLINE_MS): RequestHandler {
  return (_request, response, next) => {
    const abandoned = new AbortController();
    const deadline = setTimeout(() => abandoned.abort(), deadlineMs).unref();
    response.on('close', () => {
      clearTimeout(deadline);
      if (!response.writableFinished) abandoned.abort();
    });
    current.run(abandoned.signal, next);
  };
}

/** Every async store that holds state of the request whose work is running (its abandonment, its idempotency key…). */
const requestStores: AsyncLocalStorage<unknown>[] = [current as AsyncLocalStorage<unknown>];

/** A new store of per-request state, which work outside requests (`outsideRequests`) runs without. */
export function requestStore<T>(): AsyncLocalStorage<T> {
  const store = new AsyncLocalStorage<T>();
  requestStores.push(store as AsyncLocalStorage<unknown>);
  return store;
}

/** Runs work that outlives the request that started it (the outbox relay's pass) outside its abandonment and other request state. */
export const outsideRequests = <T>(work: () => T): T => requestStores.reduce<() => T>((inner, store) => () => store.exit(inner), work)();

/** Throws the 503 of an abandoned request when the request whose work is running was abandoned: work it waited its turn for need not start. */
export function refuseIfAbandoned(): void {
  if (current.getStore()?.aborted) throw new ServiceUnavailableException(ABANDONED);
}

/**
 * An ORM subscriber: a transaction of an abandoned request is rolled back instead of committed, so a
 * client that gave up (and may retry) never has its write land late.
 */
export class RefuseAbandonedCommits implements EventSubscriber {
  beforeTransactionCommit({ transaction }: TransactionEventArgs): void {
    // Only the COMMIT itself: a savepoint's release (a flush inside the transaction) commits nothing yet.
    const savepoint = !!transaction && typeof transaction === 'object' && 'savepointName' in transaction;
    if (!savepoint) refuseIfAbandoned();
  }
}
