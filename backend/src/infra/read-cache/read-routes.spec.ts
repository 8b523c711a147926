import { describe, expect, it } from '@jest/globals';
import { Controller, Get, Post } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Access } from '../../common/access.js';
import type { Principal } from '../../common/principal.js';
import { CachedRead, ReadCacheInterceptor, readTag } from './cached-read.js';
import { ReadCache } from './read-cache.js';
import { ReadRoutes } from './read-routes.js';

const SEASONS = readTag('seasons', ['CompetitionChanged' as never]);
const BOARDS = readTag('boards', ['CompetitionChanged' as never]);
const organizersOnly = (principal: Principal | undefined) => !!principal?.flags.isOrganizer;

@Controller('seasons')
class SeasonsController {
  @Get()
  @Access('public')
  @CachedRead(SEASONS)
  list(): string[] {
    return [];
  }

  @Get('mine')
  @Access('signedIn')
  @CachedRead(SEASONS, { perCaller: true })
  mine(): string[] {
    return [];
  }

  @Get('drafts')
  @Access('isOrganizer')
  @CachedRead(SEASONS)
  drafts(): string[] {
    return [];
  }

  @Get('live')
  @Access('public')
  live(): string {
    return 'not cached';
  }

  @Get(':id')
  @Access('public')
  @CachedRead(SEASONS, { bypass: organizersOnly })
  one(): string {
    return 'season';
  }

  @Get(':id/standings')
  @Access('public')
  @CachedRead(SEASONS, { bypass: () => true })
  standings(): string {
    return 'always from the database';
  }

  @Post(':id')
  @Access('public')
  @CachedRead(SEASONS)
  touch(): string {
    return 'a POST is never a read';
  }
}

@Controller(':game/boards')
class BoardsController {
  @Get()
  @Access('public')
  @CachedRead(BOARDS)
  board(): string {
    return 'board';
  }
}

async function routes(): Promise<ReadRoutes> {
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    controllers: [SeasonsController, BoardsController],
    providers: [ReadCacheInterceptor, { provide: ReadCache, useValue: {} }],
  }).compile();
  return ReadRoutes.discover(module.get(DiscoveryService), module.get(MetadataScanner), module.get(Reflector), 'api');
}

const tagOf = (table: ReadRoutes, path: string) => table.visitorRead(path)?.read.tag.name ?? null;

/** Which visitors' GETs the fast path may answer from the cache, found from any controller's metadata. */
describe('ReadRoutes', () => {
  it('finds the cached reads of every controller, with the paths Nest gives them', async () => {
    const table = await routes();
    expect(table.routes.map((route) => route.path)).toEqual([
      '/api/seasons',
      '/api/seasons/mine',
      '/api/seasons/drafts',
      '/api/seasons/live',
      '/api/seasons/:id',
      '/api/seasons/:id/standings',
      '/api/:game/boards',
    ]);
    expect(table.visitorRead('/api/seasons')).toEqual({ path: '/api/seasons', read: expect.objectContaining({ tag: SEASONS }) });
    expect(table.visitorRead('/api/seasons/7')?.path).toBe('/api/seasons/:id');
    expect(tagOf(table, '/api/acc/boards')).toBe('boards');
  });

  it('matches as Express does: any case, an optional trailing slash, whole paths only', async () => {
    const table = await routes();
    expect(tagOf(table, '/api/Seasons/')).toBe('seasons');
    expect(tagOf(table, '/api/seasons/7/')).toBe('seasons');
    expect(tagOf(table, '/api/seasons/7/8')).toBeNull();
    expect(tagOf(table, '/api/nothing')).toBeNull();
  });

  it('leaves to Nest the reads a visitor may not be answered from the cache', async () => {
    const table = await routes();
    // A visitor is refused these (and `:id` matches them too: any non-visitor candidate is enough).
    expect(table.visitorRead('/api/seasons/mine')).toBeNull();
    expect(table.visitorRead('/api/seasons/drafts')).toBeNull();
    // Not a cached read, though `:id` would be one.
    expect(table.visitorRead('/api/seasons/live')).toBeNull();
    // Its bypass sends callers with no principal to the database.
    expect(table.visitorRead('/api/seasons/7/standings')).toBeNull();
  });

  it('answers a signed-in caller with the route Express dispatches to, when it needs no role flag', async () => {
    const table = await routes();
    const callerPath = (path: string) => table.callerRead(path)?.path ?? null;
    expect(callerPath('/api/seasons')).toBe('/api/seasons');
    expect(callerPath('/api/acc/boards')).toBe('/api/:game/boards');
    // Declared before `:id`, which matches it too: the per-caller read is the one Express runs.
    expect(table.callerRead('/api/seasons/mine')).toEqual({ path: '/api/seasons/mine', read: expect.objectContaining({ options: { perCaller: true } }) });
    // A role flag to check, a bypass that asks about the caller's roles, a route that is not cached.
    expect(callerPath('/api/seasons/drafts')).toBeNull();
    expect(callerPath('/api/seasons/7')).toBeNull();
    expect(callerPath('/api/seasons/live')).toBeNull();
    expect(callerPath('/api/nothing')).toBeNull();
  });

  it('answers nothing when two matching reads have different tags', async () => {
    @Controller('seasons')
    class Clash {
      @Get('boards')
      @Access('public')
      @CachedRead(BOARDS)
      boards(): string {
        return 'boards';
      }
    }
    const module = await Test.createTestingModule({
      imports: [DiscoveryModule],
      controllers: [SeasonsController, Clash],
      providers: [ReadCacheInterceptor, { provide: ReadCache, useValue: {} }],
    }).compile();
    const table = ReadRoutes.discover(module.get(DiscoveryService), module.get(MetadataScanner), module.get(Reflector), 'api');
    expect(table.visitorRead('/api/seasons/boards')).toBeNull();
    expect(tagOf(table, '/api/seasons/3')).toBe('seasons');
  });
});
