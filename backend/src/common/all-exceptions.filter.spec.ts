import { BadRequestException, HttpException, InternalServerErrorException, Logger, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DriverException, ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { RedisUnavailableError } from '../infra/redis/circuit-breaker.js';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { SERVICE_UNAVAILABLE } from './service-unavailable.js';

interface Captured {
  status?: number;
  body?: Record<string, unknown>;
}

function hostFor(captured: Captured, { headersSent = false, url = '/api/things/1?x=2' } = {}): ArgumentsHost {
  const response = {
    headersSent,
    status(code: number) {
      captured.status = code;
      return this;
    },
    json(body: Record<string, unknown>) {
      captured.body = body;
      return this;
    },
  };
  const request = { originalUrl: url, url: '/things/1' };
  return {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response, getNext: () => undefined }),
  } as unknown as ArgumentsHost;
}

function answer(exception: unknown): Captured {
  const captured: Captured = {};
  new AllExceptionsFilter().catch(exception, hostFor(captured));
  return captured;
}

const SQL_ERROR = Object.assign(new Error('insert into "users" ("discord_id") values (\'1\') - duplicate key value violates unique constraint "users_discord_id_key"'), {
  code: '23505',
  detail: 'Key (discord_id)=(1) already exists.',
});

describe('AllExceptionsFilter', () => {
  let logged: string[];
  beforeEach(() => {
    logged = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => {
      logged.push(String(message));
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers an HttpException in the error shape with its status and message', () => {
    const { status, body } = answer(new NotFoundException('User 9 not found'));
    expect(status).toBe(404);
    expect(body).toEqual({ timestamp: expect.any(String), status: 404, message: 'User 9 not found', path: '/api/things/1?x=2' });
    expect(new Date(body!.timestamp as string).toISOString()).toBe(body!.timestamp);
    expect(logged).toEqual([]);
  });

  it('keeps the field errors of a validation failure and joins list messages', () => {
    const validation = answer(new BadRequestException({ message: 'Invalid request: name: bad', errors: { name: ['bad'] } }));
    expect(validation.body).toMatchObject({ status: 400, message: 'Invalid request: name: bad', errors: { name: ['bad'] } });
    const list = answer(new BadRequestException(['first', 'second']));
    expect(list.body).toMatchObject({ status: 400, message: 'first; second' });
    expect(list.body).not.toHaveProperty('errors');
  });

  it('answers an unexpected error with a bare 500 and logs it in full', () => {
    const { status, body } = answer(SQL_ERROR);
    expect(status).toBe(500);
    expect(body).toEqual({ timestamp: expect.any(String), status: 500, message: 'Internal server error', path: '/api/things/1?x=2' });
    expect(logged.join('\n')).toContain('duplicate key value');
  });

  it('never lets SQL, stack traces or driver details through, whatever the error', () => {
    const exceptions: unknown[] = [
      SQL_ERROR,
      new DriverException(SQL_ERROR),
      new InternalServerErrorException('select * from users where secret = 1'),
      new HttpException({ message: 'at Object.<anonymous> (/app/backend/src/x.ts:1:1)' }, 502),
      Object.assign(new Error('ECONNREFUSED 127.0.0.1:5432'), { status: 503 }),
      'a thrown string with select * from users',
      null,
      undefined,
    ];
    for (const exception of exceptions) {
      const { status, body } = answer(exception);
      expect(status).toBeGreaterThanOrEqual(500);
      expect(body!.message).toBe('Internal server error');
      expect(Object.keys(body!).sort()).toEqual(['message', 'path', 'status', 'timestamp']);
      expect(JSON.stringify(body)).not.toMatch(/select|insert|users_|ECONNREFUSED|\.ts:\d|Object\.<anonymous>/i);
    }
  });

  it('answers 503 when Redis timed out or the circuit breaker refused the command, wrapped or not', () => {
    for (const error of [new Error('Command timed out'), new RedisUnavailableError(), new Error('session read failed', { cause: new RedisUnavailableError() })])
      expect(answer(error)).toMatchObject({ status: 503, body: { status: 503, message: SERVICE_UNAVAILABLE } });
  });

  it('answers constraint violations with 409 and a plain message, without the SQL', () => {
    for (const exception of [new UniqueConstraintViolationException(SQL_ERROR), new ForeignKeyConstraintViolationException(SQL_ERROR)]) {
      const { status, body } = answer(exception);
      expect(status).toBe(409);
      expect(body!.message).not.toMatch(/insert|users|discord_id|Key \(/);
    }
  });

  it('answers body-parser errors with their 4xx and a message of ours, as Nest wraps them or raw', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, statusCode: 413, expose: true, type: 'entity.too.large' });
    expect(answer(new HttpException('request entity too large', 413, { cause: tooLarge })).body).toMatchObject({
      status: 413,
      message: 'The request body is larger than the 1 MB limit',
    });
    expect(answer(tooLarge).body).toMatchObject({ status: 413, message: 'The request body is larger than the 1 MB limit' });
    const parse = Object.assign(new SyntaxError("Unexpected token ' in JSON at position 1 \"{'secret'\""), {
      status: 400,
      type: 'entity.parse.failed',
    });
    const wrapped = answer(new BadRequestException(parse.message, { cause: parse }));
    expect(wrapped.body).toMatchObject({ status: 400, message: 'The request body is not valid JSON' });
  });

  it('hides the message of a raw 4xx error not meant to be shown', () => {
    const hidden = Object.assign(new Error('internal detail'), { status: 400, expose: false });
    expect(answer(hidden).body).toMatchObject({ status: 400, message: 'Bad request' });
  });

  it("hands a GraphQL resolver's error back to GraphQL, which answers in its own shape", () => {
    const error = new NotFoundException('Season 9 not found');
    const graphqlHost = { getType: () => 'graphql', switchToHttp: () => ({}) } as unknown as ArgumentsHost;
    expect(() => new AllExceptionsFilter().catch(error, graphqlHost)).toThrow(error);
    expect(logged).toEqual([]);
  });

  it('writes nothing when the response has already started', () => {
    const captured: Captured = {};
    new AllExceptionsFilter().catch(new Error('late'), hostFor(captured, { headersSent: true }));
    expect(captured).toEqual({});
    expect(logged).toHaveLength(1);
  });
});
