import { describe, expect, it } from '@jest/globals';
import { pathTo, ROUTES, routeNamed } from './routeTable.js';

// SPEC §4: the only routes a signed-out visitor may open.
const VISITOR_ROUTES = [
  'Home',
  '404',
  'PublicProfile',
  'Competitions-Current-details',
  'Competitions-Current',
  'Competitions-Schedule',
  'Competitions-Standings',
  'Grid',
  'GridTeams',
  'Crew',
  'Paddock-Safety-Car',
  'Media',
  'Event-details',
  'Event-Assessment',
  'Event-List',
  'Merchandise',
  'Rivals',
  'Downloads',
  // Issue #26: streaming software opens the timing overlay without signing in.
  'Live-Overlay',
];

describe('route table', () => {
  it('lets visitors open exactly the public routes of SPEC §4', () => {
    expect(
      ROUTES.filter((route) => route.isPublic)
        .map((route) => route.name)
        .sort(),
    ).toEqual([...VISITOR_ROUTES].sort());
  });

  it('names every route and path once', () => {
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('keeps the paths of SPEC §2', () => {
    expect(routeNamed('Competitions-Current-details').path).toBe('/events/competitions/current/:competition/season/:season');
    expect(routeNamed('Rivals').path).toBe('/rivals/:platform?/:game?/:track?');
    expect(routeNamed('Crew').path).toBe('/grid/crew/:adminType?');
    expect(routeNamed('Admin-Track-Variants').path).toBe('/admin/tracks/:track/variants');
    expect(routeNamed('Organize-Season-Event-Results').path).toBe('/organizer/competitions/:competition/seasons/:season/event/:event/results/:race?');
    expect(routeNamed('Steward-Ticket').path).toBe('/steward/tickets/:ticket');
    expect(routeNamed('404').path).toBe('*');
  });

  it('puts staff screens in their own areas', () => {
    for (const route of ROUTES) {
      if (route.path.startsWith('/admin')) expect(route.area).toBe('admin');
      if (route.path.startsWith('/organizer')) expect(route.area).toBe('organizer');
      if (route.path.startsWith('/steward')) expect(route.area).toBe('steward');
    }
  });

  it('fills parameters and drops missing optional ones', () => {
    expect(pathTo('Rivals')).toBe('/rivals');
    expect(pathTo('Rivals', { platform: 'PC', game: 3 })).toBe('/rivals/PC/3');
    expect(pathTo('PublicProfile', { profile: 42 })).toBe('/grid/driver/42');
    expect(pathTo('Home')).toBe('/');
    // @ts-expect-error: PublicProfile needs its profile parameter, so this does not compile.
    expect(() => pathTo('PublicProfile')).toThrow('needs the parameter profile');
  });

  it('refuses misspelt route names when compiling (tsc checks the @ts-expect-error lines)', () => {
    // @ts-expect-error: there is no route named Event-Lsit.
    expect(() => pathTo('Event-Lsit')).toThrow('No route named Event-Lsit');
    // @ts-expect-error: Rivals has no parameter named season.
    expect(pathTo('Rivals', { season: 3 })).toBe('/rivals');
  });
});
