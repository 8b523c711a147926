import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { loadConfig } from '../config/environment.js';
import { isQuietPath, loggedUrl, requestLogOptions } from './request-log.js';

describe('loggedUrl', () => {
  it('never shows OAuth codes, state or tokens, and keeps the rest as sent', () => {
    expect(loggedUrl('/api/auth/discord/callback?code=abc123&state=xyz')).toBe('/api/auth/discord/callback?code=[redacted]&state=[redacted]');
    expect(loggedUrl('/api/events/planned?pageNumber=0&pageSize=25')).toBe('/api/events/planned?pageNumber=0&pageSize=25');
    expect(loggedUrl('/api/x?Token=t&page=1')).toBe('/api/x?Token=[redacted]&page=1');
  });
});

describe('isQuietPath', () => {
  it('puts health, metrics and the web client files at debug', () => {
    expect(['/api/health', '/api/metrics', '/assets/index-abc.js', '/favicon.svg', '/events/3'].every(isQuietPath)).toBe(true);
    expect(['/api/events/planned', '/api', '/api/auth/discord'].some(isQuietPath)).toBe(false);
  });
});

describe('the request log', () => {
  const lines: Record<string, unknown>[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = pinoHttp({ ...requestLogOptions(loadConfig({ LOG_LEVEL: 'debug' })) }, stream);
    server = createServer((request, response) => {
      logger(request, response);
      if (request.url?.startsWith('/api/me')) (request as unknown as { principal: { userId: number } }).principal = { userId: 42 };
      response.statusCode = request.url?.startsWith('/api/boom') ? 500 : 200;
      response.setHeader('set-cookie', 'paddock.sid=secret');
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const logOf = async (path: string, headers: Record<string, string> = {}) => {
    const before = lines.length;
    await (await fetch(`${base}${path}`, { headers })).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.length).toBe(before + 1);
    return lines[lines.length - 1];
  };

  it('writes one compact line per request: method, url, status, ms, user id and request id', async () => {
    const line = await logOf('/api/me?pageSize=5', { cookie: 'paddock.sid=secret', 'x-request-id': 'trace-1' });
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/me?pageSize=5',
      status: 200,
      userId: 42,
      reqId: 'trace-1',
      msg: expect.stringMatching(/^GET \/api\/me\?pageSize=5 200 \d+ms$/),
    });
    expect(Object.keys(line).sort()).toEqual(['level', 'method', 'ms', 'msg', 'pid', 'hostname', 'reqId', 'status', 'time', 'url', 'userId'].sort());
    expect(JSON.stringify(line)).not.toContain('secret');
    expect(JSON.stringify(line).length).toBeLessThan(400);
  });

  it('never logs the OAuth code or state', async () => {
    const line = await logOf('/api/auth/discord/callback?code=the-code&state=the-state');
    expect(JSON.stringify(line)).not.toMatch(/the-code|the-state/);
    expect(line.userId).toBeNull();
  });

  it('logs health, metrics and static files at debug, server errors at error', async () => {
    expect((await logOf('/api/health')).level).toBe(20);
    expect((await logOf('/assets/app.js')).level).toBe(20);
    expect((await logOf('/api/boom')).level).toBe(50);
  });
});
