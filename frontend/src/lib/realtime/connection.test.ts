import { describe, expect, it, jest } from '@jest/globals';
import { FakeSocket } from '../../testing/fakeSocket.js';
import { RealtimeConnection } from './connection.js';

const SINCE = { cursor: 'a1b2c3d4.41', ageMs: 900 };

/** Connected, the page served with `since` (null: without a cursor); `beforeConnect` runs once the socket exists. */
function connected(since: typeof SINCE | null = null, beforeConnect: (socket: FakeSocket, connection: RealtimeConnection) => void = () => undefined) {
  const sockets: FakeSocket[] = [];
  const connection = new RealtimeConnection(
    () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      const connect = socket.connect.bind(socket);
      socket.connect = () => {
        beforeConnect(socket, connection);
        return connect();
      };
      return socket.asSocket();
    },
    () => since,
  );
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

  it('on the page’s first connection says where the page stands, and refetches nothing unless the server says resync', () => {
    const resync = jest.fn();
    const { socket } = connected(SINCE, (_socket, connection) => connection.onResync(resync));
    expect(socket().handshakes).toEqual([{ since: SINCE }]);
    expect(resync).not.toHaveBeenCalled();
    socket().push('resync', {});
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('refetches on its first connection what a page served without a cursor shows', () => {
    const resync = jest.fn();
    const { socket } = connected(null, (_socket, connection) => connection.onResync(resync));
    expect(socket().handshakes).toEqual([{}]);
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('once connected, no longer says where the page stands: a connection that comes back, or a fresh one, refetches what is shown', () => {
    const resync = jest.fn();
    const { connection, socket, sockets } = connected(SINCE, (_socket, connection) => connection.onResync(resync));
    socket().drop();
    socket().serverAccepts();
    expect(socket().handshakes).toEqual([{ since: SINCE }, {}]);
    expect(resync).toHaveBeenCalledTimes(1);
    connection.reconnect();
    expect(sockets[1].handshakes).toEqual([{}]);
    expect(resync).toHaveBeenCalledTimes(2);
  });

  it('asks to join a room with where the page stands, and leaves what the page loaded alone when the room had no message since', () => {
    const { connection, socket } = connected(SINCE);
    socket().subscribeAck = { ok: true, missed: false };
    const quietRoom = jest.fn();
    connection.join('event:7', quietRoom);
    expect(socket().emitted).toContainEqual({ name: 'subscribe', payload: { room: 'event:7', since: SINCE } });
    expect(quietRoom).not.toHaveBeenCalled();
    socket().subscribeAck = { ok: true, missed: true };
    const busyRoom = jest.fn();
    connection.join('season:3', busyRoom);
    expect(busyRoom).toHaveBeenCalledTimes(1);
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
