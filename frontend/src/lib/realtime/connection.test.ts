import { describe, expect, it, jest } from '@jest/globals';
import { FakeSocket } from '../../testing/fakeSocket.js';
import { RealtimeConnection } from './connection.js';

function connected() {
  const sockets: FakeSocket[] = [];
  const connection = new RealtimeConnection(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket.asSocket();
  });
  connection.connect();
  return { connection, sockets, socket: () => sockets[sockets.length - 1] };
}

describe('RealtimeConnection', () => {
  it('hands each pushed message to the listeners of its name only', () => {
    const { connection, socket } = connected();
    const headlines = jest.fn();
    const maintenance = jest.fn();
    connection.on('headlines.changed', headlines);
    connection.on('maintenance.changed', maintenance);
    socket().push('maintenance.changed', { enabled: true });
    expect(maintenance).toHaveBeenCalledWith({ enabled: true });
    expect(headlines).not.toHaveBeenCalled();
  });

  it('joins a room once however many components ask, and leaves when the last one goes', () => {
    const { connection, socket } = connected();
    const leaveA = connection.join('flag:isSteward');
    const leaveB = connection.join('flag:isSteward');
    expect(socket().emitted.filter((message) => message.name === 'subscribe')).toHaveLength(1);
    leaveA();
    expect(socket().emitted.some((message) => message.name === 'unsubscribe')).toBe(false);
    leaveB();
    expect(socket().emitted).toContainEqual({ name: 'unsubscribe', payload: { room: 'flag:isSteward' } });
  });

  it('tells the joining screen when the server confirms its room, so what it loaded before is fetched again', () => {
    const { connection, socket } = connected();
    const refetch = jest.fn();
    const leave = connection.join('event:7', refetch);
    expect(refetch).toHaveBeenCalledTimes(1);
    socket().drop();
    socket().serverAccepts();
    expect(refetch).toHaveBeenCalledTimes(2);
    leave();
    socket().drop();
    socket().serverAccepts();
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('after a dropped connection comes back, rejoins its rooms and runs every resync', () => {
    const { connection, socket } = connected();
    connection.join('signedIn');
    const resync = jest.fn();
    connection.onResync(resync);
    expect(resync).not.toHaveBeenCalled();
    socket().drop();
    socket().serverAccepts();
    expect(resync).toHaveBeenCalledTimes(1);
    expect(socket().emitted.filter((message) => message.name === 'subscribe')).toHaveLength(2);
  });

  it('runs every resync when the server says messages may have been lost', () => {
    const { connection, socket } = connected();
    const resync = jest.fn();
    connection.onResync(resync);
    socket().push('resync', {});
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('opens a fresh socket on reconnect (a new sign-in) and stops listening on the old one', () => {
    const { connection, sockets } = connected();
    const listener = jest.fn();
    connection.on('maintenance.changed', listener);
    connection.reconnect();
    expect(sockets).toHaveLength(2);
    sockets[0].push('maintenance.changed', { enabled: true });
    expect(listener).not.toHaveBeenCalled();
    sockets[1].push('maintenance.changed', { enabled: false });
    expect(listener).toHaveBeenCalledWith({ enabled: false });
  });

  it('opens a socket a factory delivers later, joining the rooms asked for meanwhile; one disconnected before it arrives is never used', async () => {
    const sockets: FakeSocket[] = [];
    const connection = new RealtimeConnection(async () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket.asSocket();
    });
    connection.connect();
    connection.disconnect();
    connection.connect();
    connection.join('event:7');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sockets).toHaveLength(2);
    expect(sockets[0].connected).toBe(false);
    expect(sockets[1].emitted).toContainEqual({ name: 'subscribe', payload: { room: 'event:7' } });
  });
});
