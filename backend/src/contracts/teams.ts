/** Teams (SPEC §3 Team-driver entry, §7 "Profile and teams") shared with the web client, and their REST routes. Types and pure rules only. */
import type { Platform } from './catalogue.js';
import { noContent, route, type FilePart, type FormBody } from './http.js';

export const TEAM_COLOUR = /^#[0-9a-f]{6}$/;
export const TEAM_TAG = /^[A-Z0-9]{2,6}$/;
export const TEAM_NAME_MAX = 64;

/** SPEC §3: a team-driver entry — the team a driver drives for. */
export interface TeamDriverEntry {
  driverTeam: { id: number; teamName: string };
}

export interface TeamMemberDto {
  profileId: number;
  driverName: string;
  driverNumber: number | null;
  captain: boolean;
  joinedAt: string;
}

export interface TeamDto {
  id: number;
  name: string;
  tag: string | null;
  /** `#rrggbb`. */
  colour: string;
  /** URL of the webp logo, or null. */
  logo: string | null;
  game: { id: number; name: string } | null;
  platforms: Platform[];
  members: TeamMemberDto[];
}

/** A team's invitation of the caller (`GET /api/teams/invites`): accept or decline on the Profile page. */
export interface TeamInviteDto {
  teamId: number;
  teamName: string;
  invitedAt: string;
}

/** A captain's view of their team: the roster and the invitations still open. */
export interface MyTeamDto extends TeamDto {
  invited: { profileId: number; driverName: string; invitedAt: string }[];
}

/* ---- Request shapes: the API's DTOs implement them. ---- */

/** The JSON part of `PUT /api/teams` (multipart with an optional `logo`); with `id` it updates. */
export interface TeamRequest {
  id?: number;
  name: string;
  tag?: string | null;
  colour?: string;
  game?: { id: number } | null;
  platforms?: Platform[];
}

/** `PUT /api/teams/{id}/captains`: the captains (admins appoint; they become members if they were not). */
export interface CaptainsRequest {
  profileIds: number[];
}

/** `POST /api/teams/{id}/invites`: a captain invites a driver. */
export interface InviteRequest {
  profileId: number;
}

/** `POST /api/teams/{id}/invites/respond`: the invited driver accepts or declines. */
export interface InviteResponseRequest {
  accept: boolean;
}

/** `POST /api/teams/{id}/captaincy`: a captain hands captaincy to a member (and steps down). */
export interface HandOverRequest {
  profileId: number;
}

export const teamRoutes = {
  /** Every team with its logo, colour and drivers (GridTeams). */
  'GET /teams': route<TeamDto[]>('public'),
  /** The teams that invited the caller (accept or decline on the Profile page). */
  'GET /teams/invites': route<TeamInviteDto[]>('signedIn'),
  /** The teams the caller captains, with open invitations (My Teams); none for a driver who captains none. */
  'GET /teams/mine': route<MyTeamDto[]>('signedIn'),
  /** `team` (with `id` it updates) and an optional `logo` image (stored as webp), admins. 409 for a taken name. */
  'PUT /teams': route<TeamDto, FormBody<{ team: TeamRequest; logo?: FilePart }>>('isAdmin'),
  'GET /teams/:id': route<TeamDto>('public'),
  'DELETE /teams/:id': noContent('isAdmin'),
  /** Admins appoint exactly these captains; drivers not in the team join it. */
  'PUT /teams/:id/captains': route<TeamDto, CaptainsRequest>('isAdmin'),
  /** A captain invites a driver; the driver accepts or declines on their profile. */
  'POST /teams/:id/invites': route<MyTeamDto, InviteRequest>('isTeamCaptain'),
  'DELETE /teams/:id/invites/:profileId': route<MyTeamDto>('isTeamCaptain'),
  /** The invited caller accepts (takes a seat; 409 when in another team of the game) or declines. */
  'POST /teams/:id/invites/respond': route<TeamInviteDto[], InviteResponseRequest>('signedIn'),
  'DELETE /teams/:id/members/:profileId': route<MyTeamDto>('isTeamCaptain'),
  /** The captain hands captaincy to a driver of the team and stays on as a driver. */
  'POST /teams/:id/captaincy': route<TeamDto, HandOverRequest>('isTeamCaptain'),
} as const;
