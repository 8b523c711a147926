import { describe, expect, it } from '@jest/globals';
import { ServiceUnavailableException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import { abandonWhenClientLeaves, refuseIfAbandoned } from './request-abandonment.js';

/** Runs `work` as the middleware runs a request's work; `leave` closes the response unanswered, as a client that went away. */
function inRequest(work: () => Promise<void>, deadlineMs = 60_000): { done: Promise<void>; leave: () => void } {
  const response = Object.assign(new EventEmitter(), { writableFinished: false });
  let done!: Promise<void>;
  abandonWhenClientLeaves(deadlineMs)({} as Request, response as unknown as Response, () => {
    done = work();
  });
  return { done, leave: () => response.emit('close') };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('refuseIfAbandoned', () => {
  it('lets the work of a request still waited for go on', async () => {
    const { done } = inRequest(async () => {
      await turn();
      refuseIfAbandoned();
    });
    await expect(done).resolves.toBeUndefined();
  });

  it('refuses, with the 503 that says nothing was changed, the work of a request whose client left while it waited', async () => {
    const { done, leave } = inRequest(async () => {
      await turn();
      refuseIfAbandoned();
    });
    leave();
    await expect(done).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(done).rejects.toThrow(/nothing was changed/);
  });

  it('refuses the work of a request past its deadline', async () => {
    const { done } = inRequest(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      refuseIfAbandoned();
    }, 1);
    await expect(done).rejects.toBeInstanceOf(ServiceUnavailableException);
  });

  it('does nothing outside a request', () => {
    expect(() => refuseIfAbandoned()).not.toThrow();
  });
});
