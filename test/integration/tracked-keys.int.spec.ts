import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { TrackedKeys } from '../../backend/src/infra/redis/tracked-keys.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { eventually } from '../support/eventually.js';
import { TcpProxy } from '../support/tcp-proxy.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS = new URL(REDIS_URL);
const A_MINUTE_ON = () => Date.now() + 60_000;

/**
 * Values kept in the process while Redis tells it of every change to their keys (client-side caching).
 * A value is served only while the process has heard from Redis lately (a ping answered in the last
 * 500 ms), which a loaded machine can delay: so every check that a value is gone is made together with
 * one that a value nobody changes is still served (`heard`), and a value's being served is waited for.
 */
describe('tracked keys', () => {
  const later = cleanupsAfterEach();
  /** Tracking of a prefix of its own, through `url`, once it is tracking; and another client, that changes keys as another process would. */
  const tracked = async (url = REDIS_URL) => {
    const prefix = `test:tracked:${randomUUID()}:`;
    const name = `${prefix}keys`;
    const keys = later(new TrackedKeys<string>(url, name, [prefix], 100), (k) => k.close());
    const other = later(new Redis(REDIS_URL), (r) => r.disconnect());
    await eventually(() => expect(keys.tracking).toBe(true));
    const key = (id: string) => `${prefix}${id}`;
    /**
     * Keeps a value nobody changes: `heard` passes while the process has heard from Redis lately, and
     * `forgotten(id)` waits until the value of `id` is gone while that one is still served, and `allRead(id)`
     * until every invalidation Redis sent so far has been read: that of key `id`, changed after them (they come in order).
     */
    const heardLately = () => {
      keys.keep(key('unchanged'), 'kept', keys.mark(), A_MINUTE_ON());
      const heard = () => expect(keys.get(key('unchanged'))).toBe('kept');
      const forgotten = (id: string) =>
        eventually(() => {
          heard();
          expect(keys.get(key(id))).toBeUndefined();
        });
      const allRead = async (id: string) => {
        await eventually(() => {
          keys.keep(key(id), 'before', keys.mark(), A_MINUTE_ON());
          expect(keys.get(key(id))).toBe('before');
        });
        await other.set(key(id), 'changed');
        await forgotten(id);
      };
      return { heard, forgotten, allRead };
    };
    return { keys, other, name, key, heardLately };
  };

  it('keeps a value until any client changes its key, expires it or deletes it', async () => {
    const { keys, other, key, heardLately } = await tracked();
    const { forgotten } = heardLately();
    for (const change of [() => other.set(key('a'), '2'), () => other.pexpire(key('a'), 60_000), () => other.del(key('a'))]) {
      keys.keep(key('a'), '1', keys.mark(), A_MINUTE_ON());
      await eventually(() => expect(keys.get(key('a'))).toBe('1'));
      await change();
      await forgotten('a');
    }
  });

  it("keeps no answer that was read before a change of its key it heard of later, and keeps other keys' answers", async () => {
    const { keys, other, key, heardLately } = await tracked();
    const { allRead } = heardLately();
    const mark = keys.mark();
    await other.set(key('changed'), 'new');
    await allRead('sentinel');

    keys.keep(key('changed'), 'old', mark, A_MINUTE_ON());
    keys.keep(key('other'), 'same', mark, A_MINUTE_ON());
    await eventually(() => expect(keys.get(key('other'))).toBe('same'));
    expect(keys.get(key('changed'))).toBeUndefined();
  });

  it('forgets at once a key the process changed itself, and keeps no answer read before that change', async () => {
    const { keys, key, heardLately } = await tracked();
    const { forgotten } = heardLately();
    const mark = keys.mark();
    keys.keep(key('a'), '1', mark, A_MINUTE_ON());
    await eventually(() => expect(keys.get(key('a'))).toBe('1'));
    keys.changed([key('a')]);
    expect(keys.get(key('a'))).toBeUndefined();

    keys.keep(key('a'), '1', mark, A_MINUTE_ON());
    await forgotten('a');
    keys.keep(key('a'), '2', keys.mark(), A_MINUTE_ON());
    await eventually(() => expect(keys.get(key('a'))).toBe('2'));
  });

  it('serves a value only until its own time is up', async () => {
    const { keys, key, heardLately } = await tracked();
    const { heard, forgotten } = heardLately();
    await eventually(heard);
    keys.keep(key('brief'), 'soon gone', keys.mark(), Date.now() + 50);
    expect(keys.get(key('brief'))).toBe('soon gone');
    await forgotten('brief');
  });

  it('keeps its values through a steady stream of other keys changing, more than it remembers at once', async () => {
    const { keys, other, key, heardLately } = await tracked();
    const { heard, allRead } = heardLately();
    await eventually(heard);
    for (let round = 0; round < 2; round += 1) {
      const changes = other.pipeline();
      for (let i = 0; i < 6000; i += 1) changes.set(key(`churn:${round}:${i}`), '1');
      await changes.exec();
      await allRead(`sentinel:${round}`);
      // The round is settled (its invalidations no longer remembered) once a read marked after all of them is let go.
      // (A read marked before the round was let go sooner on a loaded machine, while the round's last invalidations
      // were still remembered: the next round's then made more than it remembers at once.)
      const afterRound = keys.mark();
      let probes = 0;
      await eventually(() => {
        const probe = key(`probe:${round}:${(probes += 1)}`);
        keys.keep(probe, 'late', afterRound, A_MINUTE_ON());
        const kept = keys.get(probe);
        keys.changed([probe]);
        heard();
        expect(kept).toBeUndefined();
      }, 10_000);
    }
    heard();
  });

  it('serves nothing once its invalidations connection is gone, keeps no answer read meanwhile, and tracks again once it is back', async () => {
    const { keys, other, name, key, heardLately } = await tracked();
    const mark = keys.mark();
    keys.keep(key('a'), '1', mark, A_MINUTE_ON());
    const clients = (await other.call('CLIENT', 'LIST')) as string;
    const subscriber = clients.split('\n').find((line) => line.includes(` name=${name}:invalidations `));
    await other.call('CLIENT', 'KILL', 'ID', /^id=(\d+)/.exec(subscriber!)![1]);
    // Changed while no invalidation could reach the process.
    await other.set(key('a'), '2');
    await eventually(() => expect(keys.tracking).toBe(false), 5000, 1);
    await eventually(() => expect(keys.tracking).toBe(true));
    keys.keep(key('a'), '1', mark, A_MINUTE_ON());
    const { forgotten } = heardLately();
    await forgotten('a');

    keys.keep(key('a'), '2', keys.mark(), A_MINUTE_ON());
    await eventually(() => expect(keys.get(key('a'))).toBe('2'));
    await other.set(key('a'), '3');
    await forgotten('a');
  });

  it('stops serving when its invalidations stop coming (a stalled Redis), and serves again once they come', async () => {
    const proxy = later(await new TcpProxy(REDIS.hostname, Number(REDIS.port || 6379)).start(), (p) => p.stop());
    const { keys, other, key } = await tracked(`redis://127.0.0.1:${proxy.port}`);
    keys.keep(key('a'), '1', keys.mark(), A_MINUTE_ON());
    await eventually(() => expect(keys.get(key('a'))).toBe('1'));
    proxy.stall();
    await eventually(() => expect(keys.get(key('a'))).toBeUndefined());
    expect(keys.tracking).toBe(true);

    proxy.resume();
    await eventually(() => expect(keys.get(key('a'))).toBe('1'));
    await other.set(key('a'), '2');
    await eventually(() => expect(keys.get(key('a'))).toBeUndefined());
  });
});
