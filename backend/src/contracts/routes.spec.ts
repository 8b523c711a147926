import { describe, expect, it } from '@jest/globals';
import { fillPath, splitRouteKey, type PathParamNames } from './http.js';
import { API_ROUTES, ROUTE_TABLES } from './routes.js';

describe('the REST contract’s route tables', () => {
  it('declare each route in one table only', () => {
    const declared = ROUTE_TABLES.flatMap((table) => Object.keys(table));
    expect(declared.filter((key, index) => declared.indexOf(key) !== index)).toEqual([]);
    expect(Object.keys(API_ROUTES)).toHaveLength(declared.length);
  });

  it('name every route as METHOD /path, the path without the /api prefix', () => {
    for (const key of Object.keys(API_ROUTES)) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/(?!api\/)\S*$/);
  });

  it('split a key and fill its parameters, encoded', () => {
    expect(splitRouteKey('GET /events/:id/races/:raceId')).toEqual({ method: 'GET', path: '/events/:id/races/:raceId' });
    expect(fillPath('/events/:id/races/:raceId', { id: 5, raceId: 'a/b' })).toBe('/events/5/races/a%2Fb');
    expect(() => fillPath('/events/:id', {})).toThrow('Path /events/:id needs its "id" parameter');
  });

  it('name a path parameter as fillPath reads it: up to the first character that is not a letter, digit or _', () => {
    const names: PathParamNames<'/images/:id.webp' | '/events/:id/races/:race_id'>[] = ['id', 'race_id'];
    // @ts-expect-error `id.webp` is no parameter of the path: its name ends at the dot.
    const wrong: PathParamNames<'/images/:id.webp'> = 'id.webp';
    expect([fillPath('/images/:id.webp', { id: 'abc' }), names, wrong]).toEqual(['/images/abc.webp', ['id', 'race_id'], 'id.webp']);
  });
});
