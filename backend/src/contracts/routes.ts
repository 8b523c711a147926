/** Every route of the REST contract (under /api), merged from each domain's table. */
import type { BodyOfSpec, PathOf, QueryOfSpec, ResponseOfSpec, HttpMethod } from './http.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { biddingRoutes } from './bidding.js';
import { calendarRoutes } from './calendar.js';
import { catalogueRoutes } from './catalogue.js';
import { communityRoutes } from './community.js';
import { competitionRoutes } from './competitions.js';
import { discordRoutes } from './discord.js';
import { discordRoleRoutes } from './discord-roles.js';
import { eventRoutes } from './events.js';
import { notificationRoutes } from './notifications.js';
import { profileRoutes } from './profiles.js';
import { pushRoutes } from './push.js';
import { raceLineupRoutes } from './race-lineups.js';
import { rivalRoutes } from './rivals.js';
import { siteRoutes } from './site.js';
import { stewardingRoutes } from './stewarding.js';
import { teamRoutes } from './teams.js';
import { timingRoutes } from './timing.js';
import { userRoutes } from './users.js';

/** Each domain's routes; a key is declared in one table only (routes.spec.ts). */
export const ROUTE_TABLES = [
  auditRoutes,
  authRoutes,
  biddingRoutes,
  calendarRoutes,
  catalogueRoutes,
  communityRoutes,
  competitionRoutes,
  discordRoutes,
  discordRoleRoutes,
  eventRoutes,
  notificationRoutes,
  profileRoutes,
  pushRoutes,
  raceLineupRoutes,
  rivalRoutes,
  siteRoutes,
  stewardingRoutes,
  teamRoutes,
  timingRoutes,
  userRoutes,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void ? I : never;
export type ApiRoutes = UnionToIntersection<(typeof ROUTE_TABLES)[number]>;

export const API_ROUTES = Object.assign({}, ...ROUTE_TABLES) as ApiRoutes;

export type RouteKey = keyof ApiRoutes & string;
export type ResponseOf<Key extends RouteKey> = ResponseOfSpec<ApiRoutes[Key]>;
export type BodyOf<Key extends RouteKey> = BodyOfSpec<ApiRoutes[Key]>;
export type QueryOf<Key extends RouteKey> = QueryOfSpec<ApiRoutes[Key]>;

/** The keys of one method's routes, and their paths. */
export type RouteKeyOf<Method extends HttpMethod> = Extract<RouteKey, `${Method} ${string}`>;
export type RoutePathOf<Method extends HttpMethod> = PathOf<RouteKeyOf<Method>>;
