/**
 * The Discord side of the demo accounts offered by the sign-in stand-in: who Discord says they are
 * and whether they are in the community server. What the league knows of them (roles, profiles,
 * teams) is demo data seeded in `seed/demo-data.ts`.
 */
export interface DiscordAccount {
  id: string;
  username: string;
  globalName: string;
  nick: string | null;
  avatar: string | null;
  banner: string | null;
  inCommunityServer: boolean;
}

function account(seq: number, username: string, globalName: string, inCommunityServer = true): DiscordAccount {
  return { id: `11000000000000000${String(seq).padStart(2, '0')}`, username, globalName, nick: null, avatar: null, banner: null, inCommunityServer };
}

export const DEMO_ACCOUNTS: readonly DiscordAccount[] = [
  account(1, 'admin', 'Ada Admin'),
  account(2, 'organizer', 'Olly Organizer'),
  account(3, 'steward', 'Stella Steward'),
  account(4, 'captain', 'Cory Captain'),
  account(5, 'driver', 'Dani Driver'),
  account(6, 'rookie', 'Remy Rookie'),
  account(7, 'notmember', 'Nico Outsider', false),
];

export type DemoUsername = 'admin' | 'organizer' | 'steward' | 'captain' | 'driver' | 'rookie' | 'notmember';

export function demoAccount(username: DemoUsername): DiscordAccount {
  const found = DEMO_ACCOUNTS.find((candidate) => candidate.username === username);
  if (!found) throw new Error(`No demo account ${username}`);
  return found;
}
