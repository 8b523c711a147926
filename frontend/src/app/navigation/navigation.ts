import type { Session } from '../../features/auth/index.js';
import { pathTo, type PlainRouteName } from '../routes/routeTable.js';

/** One menu entry: a label and where it goes. */
export interface NavLink {
  label: string;
  to: string;
}

/** A dropdown (desktop) or a titled list (drawer). */
export interface NavGroup {
  label: string;
  items: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/** A menu entry to a route without required parameters; a misspelt route name does not compile. */
const link = (label: string, routeName: PlainRouteName): NavLink => ({ label, to: pathTo(routeName) });

/** The main navigation with the labels of SPEC §2. */
export const MAIN_NAVIGATION: readonly NavEntry[] = [
  link('Home', 'Home'),
  {
    label: 'Events',
    items: [
      link('Series', 'Competitions-Current'),
      link('All Events', 'Event-List'),
      link('Assessment', 'Event-Assessment'),
      link('Series leaderboard', 'Competitions-Standings'),
    ],
  },
  link('Rivals', 'Rivals'),
  {
    label: 'Grid',
    items: [link('Drivers', 'Grid'), link('Teams', 'GridTeams'), link('Crew', 'Crew')],
  },
  link('Media', 'Media'),
  link('Merchandise', 'Merchandise'),
  link('Downloads', 'Downloads'),
];

export const MANAGEMENT_ITEMS: readonly NavLink[] = [
  link('Affiliates', 'Admin-Affiliates'),
  link('Games', 'Admin-Games'),
  link('Tracks', 'Admin-Tracks'),
  link('Cars', 'Admin-Cars'),
  link('Users', 'Admin-Users'),
  link('Roles', 'Admin-Roles'),
  link('Competition groups', 'Organize-CompetitionGroups'),
  link('Teams', 'Admin-Teams'),
  link('Bidding config', 'Admin-Biddingconfig'),
  link('Headlines', 'Admin-Headlines'),
  link('Maintenance', 'Admin-Maintenance'),
  link('Audit log', 'Admin-Audit'),
  link('Rivals servers', 'Admin-RivalsServers'),
  link('Discord roles', 'Admin-DiscordRoles'),
];

export const ORGANIZE_ITEMS: readonly NavLink[] = [
  link('Competitions', 'Organize-Competitions'),
  link('Quick events', 'Organize-QuickEvents'),
  link('Assessments', 'Organize-Assessments'),
];

export const STEWARD_ITEMS: readonly NavLink[] = [link('Tickets', 'Steward-Tickets'), link('Provisional times', 'Steward-RivalTimes')];

export const MY_TEAMS: NavLink = link('My Teams', 'MyTeams');

type MenuFlags = Pick<Session, 'isAdmin' | 'isOrganizer' | 'isSteward' | 'isHost' | 'isTeamCaptain'>;

/**
 * The staff ('Admin') menu of SPEC §6: shown to admins, organizers, stewards and hosts, with a
 * Management, Organize and Steward section each by its own flag; a host alone gets it empty.
 * Null when the user sees no Admin menu at all.
 */
export function staffMenu(flags: MenuFlags): NavGroup[] | null {
  if (!(flags.isAdmin || flags.isOrganizer || flags.isSteward || flags.isHost)) return null;
  const sections: NavGroup[] = [];
  if (flags.isAdmin) sections.push({ label: 'Management', items: [...MANAGEMENT_ITEMS] });
  if (flags.isOrganizer) sections.push({ label: 'Organize', items: [...ORGANIZE_ITEMS] });
  if (flags.isSteward) sections.push({ label: 'Steward', items: [...STEWARD_ITEMS] });
  return sections;
}

/** The whole navigation a user sees: the main entries, then My Teams and the Admin menu by flag. */
export function navigationFor(flags: MenuFlags): { main: readonly NavEntry[]; myTeams: NavLink | null; staff: NavGroup[] | null } {
  return { main: MAIN_NAVIGATION, myTeams: flags.isTeamCaptain ? MY_TEAMS : null, staff: staffMenu(flags) };
}
