import { describe, expect, it } from '@jest/globals';
import { AsyncLocalStorage } from 'node:async_hooks';
import { OneAtATime } from './one-at-a-time.js';

/** A task that records when it starts and ends, and ends when `finish` is called. */
function controlled(log: string[], name: string) {
  let finish!: (outcome: 'ok' | 'fail') => void;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = (outcome) => {
        log.push(`end ${name}`);
        if (outcome === 'ok') resolve(name);
        else reject(new Error(name));
      };
    });
  return { task, finish: (outcome: 'ok' | 'fail' = 'ok') => finish(outcome) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('OneAtATime', () => {
  it('runs the tasks of one key in the order they came, each after the one before it settled, failed or not', async () => {
    const queue = new OneAtATime<number>();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => controlled(log, name));
    const results = [queue.run(1, a.task), queue.run(1, b.task), queue.run(1, c.task)].map((result) => result.catch((error: Error) => `failed ${error.message}`));
    await turn();
    expect(log).toEqual(['start a']);
    a.finish('fail');
    await turn();
    b.finish();
    await turn();
    c.finish();
    expect(await Promise.all(results)).toEqual(['failed a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs tasks of different keys side by side, and forgets a key once its queue is empty', async () => {
    const queue = new OneAtATime<string>();
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => controlled(log, name));
    const results = Promise.all([queue.run('event 1', a.task), queue.run('event 2', b.task)]);
    await turn();
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.busyKeys).toBe(2);
    b.finish();
    a.finish();
    expect(await results).toEqual(['a', 'b']);
    await turn();
    expect(queue.busyKeys).toBe(0);
  });

  it('runs a task in the async context of the call that queued it, not in that of the task before it', async () => {
    const queue = new OneAtATime<number>();
    const request = new AsyncLocalStorage<string>();
    const log: string[] = [];
    const first = controlled(log, 'first');
    const seen: (string | undefined)[] = [];
    const results = [request.run('request 1', () => queue.run(1, first.task)), request.run('request 2', () => queue.run(1, async () => seen.push(request.getStore())))];
    await turn();
    first.finish();
    await Promise.all(results);
    expect(seen).toEqual(['request 2']);
  });
});
