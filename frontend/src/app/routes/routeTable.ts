/**
 * Every route of SPEC §2 by its spec name and path. `area` names the app/areas file that declares
 * its screen (each screen a lazily loaded chunk of its own); `isPublic` is the visitor list of SPEC §4. Names and paths are literal types:
 * `RouteName` is their union, so a link to a misspelt route, or without a parameter its path
 * needs, does not compile.
 */
export type Area = 'public' | 'profile' | 'admin' | 'organizer' | 'steward';

export interface RouteDef<N extends string = RouteName, P extends string = string> {
  name: N;
  path: P;
  title: string;
  area: Area;
  isPublic: boolean;
  /** Announced as under construction by the spec itself, rather than coming with a later issue. */
  underConstruction?: boolean;
  /** Shown alone, without the site's header and footer (a page for streaming software). */
  bare?: boolean;
}

type Extra = Pick<RouteDef<string>, 'underConstruction' | 'bare'>;

const publicRoute = <const N extends string, const P extends string>(name: N, path: P, title: string, extra: Extra = {}) =>
  ({ name, path, title, area: 'public', isPublic: true, ...extra }) satisfies RouteDef<N, P>;
const privateRoute = <const N extends string, const P extends string>(area: Area, name: N, path: P, title: string, extra: Extra = {}) =>
  ({ name, path, title, area, isPublic: false, ...extra }) satisfies RouteDef<N, P>;

const SEASON = '/organizer/competitions/:competition/seasons/:season' as const;

const ROUTE_LIST = [
  publicRoute('Home', '/', 'Home'),
  publicRoute('Downloads', '/downloads', 'Downloads'),
  privateRoute('profile', 'Profile', '/profile', 'My profile'),
  privateRoute('profile', 'Profile-Rivals', '/profile/rivals', 'My rivals'),
  privateRoute('profile', 'MyTeams', '/myteams', 'My teams'),
  // Not in the spec's route list: issue #27's notification centre.
  privateRoute('profile', 'Notifications', '/notifications', 'Notifications'),
  publicRoute('PublicProfile', '/grid/driver/:profile', 'Driver profile'),
  publicRoute('Rivals', '/rivals/:platform?/:game?/:track?', 'Rivals'),
  publicRoute('Competitions-Current-details', '/events/competitions/current/:competition/season/:season', 'Series details'),
  publicRoute('Competitions-Current', '/events/competitions/current', 'Series'),
  publicRoute('Competitions-Schedule', '/events/competitions/schedule', 'Series schedule', { underConstruction: true }),
  publicRoute('Competitions-Standings', '/events/competitions/standings/:competition?/:season?', 'Series leaderboard'),
  publicRoute('Event-List', '/events', 'All events'),
  publicRoute('Event-details', '/events/:event', 'Event details'),
  publicRoute('Event-Assessment', '/events/assessment', 'Assessment'),
  publicRoute('Grid', '/grid', 'Drivers'),
  publicRoute('GridTeams', '/grid/teams', 'Teams'),
  publicRoute('Paddock-Safety-Car', '/paddock/safety-car', 'Safety car'),
  publicRoute('Crew', '/grid/crew/:adminType?', 'Crew'),
  publicRoute('Media', '/media', 'Media'),
  publicRoute('Merchandise', '/merchandise', 'Merchandise'),
  privateRoute('public', 'Live', '/live', 'Live race'),
  // Not in the spec's route list: issue #26's live timing overlay for streaming software (no sign-in there).
  publicRoute('Live-Overlay', '/live/overlay/:raceId', 'Live timing overlay', { bare: true }),

  privateRoute('admin', 'Admin-Affiliates', '/admin/affiliates', 'Affiliates'),
  privateRoute('admin', 'Admin-Affiliate', '/admin/affiliates/:affiliate', 'Affiliate'),
  privateRoute('admin', 'Admin-Games', '/admin/games', 'Games'),
  privateRoute('admin', 'Admin-Game', '/admin/games/:game', 'Game'),
  privateRoute('admin', 'Admin-Users', '/admin/users', 'Users'),
  privateRoute('admin', 'Admin-Roles', '/admin/roles', 'Roles'),
  privateRoute('admin', 'Admin-Tracks', '/admin/tracks', 'Tracks'),
  privateRoute('admin', 'Admin-Track', '/admin/tracks/:track', 'Track'),
  privateRoute('admin', 'Admin-Track-Variants', '/admin/tracks/:track/variants', 'Track variants'),
  privateRoute('admin', 'Admin-Cars', '/admin/cars', 'Cars'),
  privateRoute('admin', 'Admin-Teams', '/admin/teams', 'Teams'),
  privateRoute('admin', 'Admin-Team', '/admin/team/:team', 'Team'),
  privateRoute('admin', 'Admin-Biddingconfig', '/admin/biddingconfig', 'Bidding configuration'),
  // Not in the spec's route list: the admin screens of the header's headlines and of maintenance mode (SPEC §1).
  privateRoute('admin', 'Admin-Headlines', '/admin/headlines', 'Headlines'),
  privateRoute('admin', 'Admin-Maintenance', '/admin/maintenance', 'Maintenance mode'),
  // Not in the spec's route list: issue #23's audit log of staff changes.
  privateRoute('admin', 'Admin-Audit', '/admin/audit', 'Audit log'),
  // Not in the spec's route list: issue #27's Discord role sync.
  privateRoute('admin', 'Admin-DiscordRoles', '/admin/discord/roles', 'Discord roles'),
  // Not in the spec's route list: issue #12's rivals servers (admins) and provisional times (stewards).
  privateRoute('admin', 'Admin-RivalsServers', '/admin/rivals/servers', 'Rivals servers'),
  privateRoute('steward', 'Steward-RivalTimes', '/steward/rivals/times', 'Provisional times'),

  privateRoute('organizer', 'Organize-QuickEvents', '/organizer/events', 'Quick events'),
  privateRoute('organizer', 'Organize-QuickEvent', '/organizer/events/:event', 'Quick event'),
  privateRoute('organizer', 'Organize-Assessments', '/organizer/assessments', 'Assessments'),
  privateRoute('organizer', 'Organize-Assessment', '/organizer/assessments/:assessment', 'Assessment'),
  privateRoute('organizer', 'Organize-CompetitionGroups', '/organizer/competitions/groups', 'Competition groups'),
  privateRoute('organizer', 'Organize-CompetitionGroup', '/organizer/competitions/groups/:group', 'Competition group'),
  privateRoute('organizer', 'Organize-Competitions', '/organizer/competitions', 'Competitions'),
  privateRoute('organizer', 'Organize-Competition', '/organizer/competitions/:competition', 'Competition'),
  privateRoute('organizer', 'Organize-Seasons', '/organizer/competitions/:competition/seasons', 'Seasons'),
  privateRoute('organizer', 'Organize-Season', SEASON, 'Season'),
  privateRoute('organizer', 'Organize-Season-Event-Teams', `${SEASON}/event/:event/teams/:race?`, 'Season event teams'),
  privateRoute('organizer', 'Organize-Season-Event', `${SEASON}/events/:event`, 'Season event'),
  privateRoute('organizer', 'Organize-Season-Event-Results', `${SEASON}/event/:event/results/:race?`, 'Season event results'),
  // The spec names a scheduler and a second events screen, both under construction, without their paths.
  privateRoute('organizer', 'Organize-Scheduler', '/organizer/scheduler', 'Scheduler', { underConstruction: true }),
  privateRoute('organizer', 'Organize-Events-Next', '/organizer/events-next', 'Events (new)', { underConstruction: true }),

  privateRoute('steward', 'Steward-SafetyCar', '/steward/safetycar', 'Safety car', { underConstruction: true }),
  privateRoute('steward', 'Steward-Tickets', '/steward/tickets', 'Tickets'),
  privateRoute('steward', 'Steward-Ticket', '/steward/tickets/:ticket', 'Ticket'),

  publicRoute('404', '*', 'Page not found'),
] as const;

type AnyRoute = (typeof ROUTE_LIST)[number];
/** Every route name of SPEC §2. */
export type RouteName = AnyRoute['name'];
/** The path pattern of a named route, e.g. `/grid/driver/:profile`. */
export type PathOf<N extends RouteName> = Extract<AnyRoute, { name: N }>['path'];

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? Head | Segments<Rest> : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalParam<S> = S extends `:${infer Name}?` ? Name : never;
type ParamValue = string | number;
/** The parameters a path needs (`:profile`) and may have (`:game?`). */
export type RouteParams<P extends string> = { [K in RequiredParam<Segments<P>>]: ParamValue } & { [K in OptionalParam<Segments<P>>]?: ParamValue };
/** The params argument of `pathTo`: required when the path has a required parameter, else optional. */
/** Routes whose path needs no parameter: what a menu entry may point to. */
export type PlainRouteName = { [N in RouteName]: [RequiredParam<Segments<PathOf<N>>>] extends [never] ? N : never }[RouteName];
type ParamsArg<N extends RouteName> = [RequiredParam<Segments<PathOf<N>>>] extends [never] ? [params?: RouteParams<PathOf<N>>] : [params: RouteParams<PathOf<N>>];

export const ROUTES: readonly RouteDef[] = ROUTE_LIST;

const byName = new Map<string, RouteDef>(ROUTES.map((route) => [route.name, route]));

export function routeNamed(name: RouteName): RouteDef {
  const route = byName.get(name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/** The path of a named route with its parameters filled in; optional ones may be left out. */
export function pathTo<N extends RouteName>(name: N, ...[params]: ParamsArg<N>): string {
  const values: Record<string, ParamValue | undefined> = params ?? {};
  const filled = routeNamed(name)
    .path.split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = values[key];
      if (value === undefined) {
        if (optional) return null;
        throw new Error(`Route ${name} needs the parameter ${key}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment): segment is string => segment !== null);
  return filled.join('/') || '/';
}
