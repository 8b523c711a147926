import { describe, expect, it, jest } from '@jest/globals';
import { RequestPathClient } from './database.config.js';

describe('RequestPathClient', () => {
  it('gives itself back to the pool, once, when its connection closes while it is lent', () => {
    const client = new RequestPathClient();
    const giveBack = jest.fn();
    client.release = giveBack;
    client.emit('end');
    expect(giveBack).toHaveBeenCalledTimes(1);
    expect(giveBack.mock.calls[0][0]).toBeInstanceOf(Error);
    // Whoever held it releasing it afterwards changes nothing.
    client.release();
    expect(giveBack).toHaveBeenCalledTimes(1);
  });

  it('releases once when released by its holder, and a later close does not release it again', () => {
    const client = new RequestPathClient();
    const giveBack = jest.fn();
    client.release = giveBack;
    client.release();
    client.emit('end');
    expect(giveBack).toHaveBeenCalledTimes(1);
    expect(giveBack).toHaveBeenCalledWith(undefined);
  });
});
