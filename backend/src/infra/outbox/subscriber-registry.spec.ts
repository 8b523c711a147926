import { describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { UnrecoverableError } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DOMAIN_EVENT_NAMES, type DomainEvent, type DomainEventName } from '../../contracts/domain-events.js';
import { ClientPush } from '../realtime/client-push.js';
import { HandlesDomainEvent, type ExternalContext, type TransactionalContext } from './handles-domain-event.js';
import { DOMAIN_EVENT_ATTEMPTS, DOMAIN_EVENT_BACKOFF } from './queues.js';
import { SubscriberRegistry } from './subscriber-registry.js';
import { SubscriberRunner } from './subscriber-runner.js';

type Work = (em: FakeEm) => Promise<unknown>;
interface FakeEm {
  isInTransaction(): boolean;
  fork(): FakeEm;
  execute(sql: string, params: string[]): Promise<unknown[]>;
  transactional(work: Work): Promise<unknown>;
}

/** processed_events in memory: a transaction's inserts land only when its work succeeds. */
function fakeDatabase() {
  const processed = new Set<string>();
  const em = (pending: Set<string> | null): FakeEm => ({
    isInTransaction: () => pending !== null,
    fork: () => em(null),
    execute: async (sql, [eventId, subscriber]) => {
      const key = `${eventId}@${subscriber}`;
      if (sql.startsWith('select')) return processed.has(key) ? [{}] : [];
      if (processed.has(key) || pending?.has(key)) return [];
      (pending ?? processed).add(key);
      return [{ event_id: eventId }];
    },
    transactional: async (work) => {
      const staged = new Set<string>();
      const result = await work(em(staged));
      staged.forEach((key) => processed.add(key));
      return result;
    },
  });
  return { orm: { em: em(null) }, processed };
}

/** Subscribes to every domain event but `except` (a subscriber of each is needed to boot). */
function everyEventBut(...except: DomainEventName[]) {
  @Injectable()
  class OtherSubscribers {}
  for (const name of DOMAIN_EVENT_NAMES.filter((event) => !except.includes(event))) {
    const method = async () => undefined;
    Object.defineProperty(OtherSubscribers.prototype, `on${name}`, { value: method, writable: true, configurable: true });
    HandlesDomainEvent(name, { external: true })(OtherSubscribers.prototype, `on${name}`, { value: method });
  }
  return OtherSubscribers;
}

const calls: string[] = [];
const inTransaction = new Map<string, boolean>();
let failuresLeft = 0;

@Injectable()
class StandingsProjection {
  @HandlesDomainEvent('HeadlineCreated')
  async project(_event: DomainEvent<'HeadlineCreated'>, { em }: TransactionalContext): Promise<void> {
    calls.push('StandingsProjection.project');
    inTransaction.set('StandingsProjection.project', (em as unknown as FakeEm).isInTransaction());
  }
}

@Injectable()
class DiscordPost {
  @HandlesDomainEvent('HeadlineCreated', { external: true })
  async post(_event: DomainEvent<'HeadlineCreated'>, { em }: ExternalContext): Promise<void> {
    calls.push('DiscordPost.post');
    inTransaction.set('DiscordPost.post', (em as unknown as FakeEm).isInTransaction());
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('Discord is down');
    }
  }
}

@Injectable()
class SecondDiscordPost {
  @HandlesDomainEvent('HeadlineUpdated', { external: true, name: 'DiscordPost.post' })
  async again(): Promise<void> {}
}

async function boot(...providers: (new (...args: never[]) => object)[]) {
  const database = fakeDatabase();
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [
      SubscriberRegistry,
      SubscriberRunner,
      ...providers,
      { provide: MikroORM, useValue: database.orm },
      { provide: ClientPush, useValue: { send: async () => undefined } },
    ],
  }).compile();
  await module.init();
  return { registry: module.get(SubscriberRegistry), runner: module.get(SubscriberRunner), processed: database.processed };
}

const headlineCreated = (): DomainEvent<'HeadlineCreated'> => ({
  id: randomUUID(),
  name: 'HeadlineCreated',
  version: 1,
  aggregate: { type: 'headline', id: 1 },
  occurredAt: new Date().toISOString(),
  payload: { headlineId: 1 },
});

function reset(): void {
  calls.length = 0;
  inTransaction.clear();
  failuresLeft = 0;
}

describe('SubscriberRegistry at boot', () => {
  it('refuses to boot naming every domain event without a subscriber', async () => {
    const failure = boot(StandingsProjection);
    for (const name of DOMAIN_EVENT_NAMES.filter((event) => event !== 'HeadlineCreated')) {
      await expect(failure).rejects.toThrow(`${name} has no subscriber`);
    }
  });

  it('refuses to boot when two subscribers share a name, naming both places', async () => {
    await expect(boot(everyEventBut(), DiscordPost, SecondDiscordPost)).rejects.toThrow(
      /2 subscribers are named DiscordPost\.post: \S+ › DiscordPost\.post \(HeadlineCreated\), \S+ › SecondDiscordPost\.again \(HeadlineUpdated\)/,
    );
  });

  it('boots with several subscribers of one event, named <Provider>.<method>', async () => {
    const { registry } = await boot(everyEventBut('HeadlineCreated'), StandingsProjection, DiscordPost);
    expect(registry.of('HeadlineCreated').map((subscriber) => [subscriber.name, subscriber.external])).toEqual([
      ['StandingsProjection.project', false],
      ['DiscordPost.post', true],
    ]);
  });
});

describe('running subscribers', () => {
  it('runs every subscriber of an event, each as its own job keyed <eventId>@<subscriber>, once', async () => {
    reset();
    const { registry, runner, processed } = await boot(everyEventBut('HeadlineCreated'), StandingsProjection, DiscordPost);
    const event = headlineCreated();
    const jobs = registry.jobsFor(event);
    expect(jobs.map((job) => job.opts.jobId)).toEqual([`${event.id}@StandingsProjection.project`, `${event.id}@DiscordPost.post`]);
    expect(jobs.map((job) => [job.opts.attempts, job.opts.backoff])).toEqual([
      [DOMAIN_EVENT_ATTEMPTS, { type: DOMAIN_EVENT_BACKOFF }],
      [DOMAIN_EVENT_ATTEMPTS, { type: DOMAIN_EVENT_BACKOFF }],
    ]);
    for (const job of jobs) expect(await runner.run(job.data)).toBe('handled');
    expect(calls.sort()).toEqual(['DiscordPost.post', 'StandingsProjection.project']);
    expect([...processed].sort()).toEqual(jobs.map((job) => job.opts.jobId).sort());
    // Redelivered: each finds its own row and is skipped.
    for (const job of jobs) expect(await runner.run(job.data)).toBe('duplicate');
    expect(calls).toHaveLength(2);
  });

  it('retries a failing subscriber without running the others again', async () => {
    reset();
    const { registry, runner, processed } = await boot(everyEventBut('HeadlineCreated'), StandingsProjection, DiscordPost);
    const event = headlineCreated();
    const [projection, post] = registry.jobsFor(event);
    failuresLeft = 1;
    expect(await runner.run(projection.data)).toBe('handled');
    await expect(runner.run(post.data)).rejects.toThrow('Discord is down');
    // Not marked handled: the queue's retry runs it again, and only it.
    expect(processed.has(String(post.opts.jobId))).toBe(false);
    expect(await runner.run(post.data)).toBe('handled');
    expect(calls).toEqual(['StandingsProjection.project', 'DiscordPost.post', 'DiscordPost.post']);
    expect(processed.has(String(post.opts.jobId))).toBe(true);
  });

  it('runs an external subscriber outside a transaction, and one that writes inside its transaction', async () => {
    reset();
    const { registry, runner } = await boot(everyEventBut('HeadlineCreated'), StandingsProjection, DiscordPost);
    for (const job of registry.jobsFor(headlineCreated())) await runner.run(job.data);
    expect(inTransaction.get('DiscordPost.post')).toBe(false);
    expect(inTransaction.get('StandingsProjection.project')).toBe(true);
  });

  it('runs every subscriber of a job from before subscribers (the event alone), each once', async () => {
    reset();
    const { runner, processed } = await boot(everyEventBut('HeadlineCreated'), StandingsProjection, DiscordPost);
    const event = headlineCreated();
    expect(await runner.run(event)).toBe('handled');
    expect(await runner.run(event)).toBe('duplicate');
    expect(calls.sort()).toEqual(['DiscordPost.post', 'StandingsProjection.project']);
    expect(processed.size).toBe(2);
  });

  it('fails a job for good when it names no subscriber of its event', async () => {
    const { runner } = await boot(everyEventBut('HeadlineCreated'), StandingsProjection, DiscordPost);
    const job = runner.run({ event: headlineCreated(), subscriber: 'NoSuch.subscriber' });
    await expect(job).rejects.toThrow(UnrecoverableError);
    await expect(runner.run({ event: headlineCreated(), subscriber: 'NoSuch.subscriber' })).rejects.toThrow('HeadlineCreated has no subscriber named "NoSuch.subscriber"');
    await expect(runner.run(null)).rejects.toThrow('The job carries no domain event');
  });
});
