import type { EntityManager } from '@mikro-orm/postgresql';
import { isProfileComplete } from '../contracts/profiles.js';
import type { Role } from '../contracts/roles.js';
import { demoAccount, type DemoUsername } from '../infra/discord/demo-accounts.js';
import { Headline } from '../modules/community/headline.entity.js';
import { DriverProfile } from '../modules/profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../modules/teams/team.entity.js';
import { User } from '../modules/users/user.entity.js';
import { seedDemoBidding } from './demo-bidding.js';
import { seedDemoCommunity } from './demo-community.js';
import { seedDemoCompetitions } from './demo-competitions.js';
import { seedDemoLeague } from './demo-league.js';
import { seedDemoLiveRace } from './demo-live-race.js';
import { seedDemoRivals } from './demo-rivals.js';
import { seedDemoStewarding } from './demo-stewarding.js';

interface DemoMember {
  username: Exclude<DemoUsername, 'notmember'>;
  roles: Role[];
  profile: Partial<Pick<DriverProfile, 'driverNumber' | 'name' | 'xboxUsername' | 'steamUsername' | 'psnName' | 'country' | 'timeZone' | 'platforms'>>;
}

/** What the league knows of each demo account (the Discord side is in demo-accounts.ts). The rookie's profile is left to complete. */
const DEMO_MEMBERS: DemoMember[] = [
  {
    username: 'admin',
    roles: ['ADMIN'],
    profile: { driverNumber: 1, name: 'Ada Admin', steamUsername: 'AdaSteam', platforms: ['PC'], country: 'GB', timeZone: 'Europe/London' },
  },
  {
    username: 'organizer',
    roles: ['ORGANIZER'],
    profile: { driverNumber: 7, name: 'Olly Organizer', xboxUsername: 'OllyOnXbox', platforms: ['XBOX'], country: 'NL', timeZone: 'Europe/Amsterdam' },
  },
  {
    username: 'steward',
    roles: ['STEWARD'],
    profile: { driverNumber: 12, name: 'Stella Steward', psnName: 'StellaPSN', platforms: ['PLAYSTATION'], country: 'DE', timeZone: 'Europe/Berlin' },
  },
  {
    username: 'captain',
    roles: ['TEAM_CAPTAIN', 'TEAM'],
    profile: { driverNumber: 44, name: 'Cory Captain', xboxUsername: 'CoryCaptain', platforms: ['XBOX', 'PC'], country: 'US', timeZone: 'America/New_York' },
  },
  {
    username: 'driver',
    roles: [],
    profile: { driverNumber: 77, name: 'Dani Driver', steamUsername: 'DaniDrives', platforms: ['PC'], country: 'ES', timeZone: 'Europe/Madrid' },
  },
  { username: 'rookie', roles: ['NEW'], profile: {} },
];

export const DEMO_TEAM = 'Purple Haze Racing';

/** The header's scrolling banner, announcing the rivals launch (SPEC §1). */
const DEMO_HEADLINES = [
  'Rivals (Beta) is launching: set your best lap on this week’s track on PC, Xbox and PlayStation',
  'Assessment races every Tuesday — join one to race in every series',
];

/** Seeds the demo league once: does nothing when the database already has users. Returns whether it seeded. */
export async function seedDemoData(em: EntityManager): Promise<boolean> {
  if ((await em.count(User)) > 0) return false;
  await em.transactional(async (tx) => {
    const users = new Map<string, User>();
    const profiles = new Map<string, DriverProfile>();
    for (const member of DEMO_MEMBERS) {
      const account = demoAccount(member.username);
      const user = tx.create(User, {
        discordId: account.id,
        username: account.username,
        globalName: account.globalName,
        nickName: account.nick,
        roles: member.roles,
      });
      profiles.set(member.username, tx.create(DriverProfile, { user, ...member.profile, profileCompleted: isProfileComplete(member.profile) }));
      users.set(member.username, user);
    }
    const team = tx.create(Team, { name: DEMO_TEAM, tag: 'PHR', colour: '#7b1fa2', platforms: ['PC', 'XBOX', 'PLAYSTATION'] });
    tx.create(TeamMember, { team, user: users.get('captain')!, captain: true });
    for (const text of DEMO_HEADLINES) tx.create(Headline, { text });
    const catalogue = seedDemoLeague(tx, profiles, team);
    await seedDemoCompetitions(tx, catalogue, { users, profiles }, team);
    await seedDemoStewarding(
      tx,
      ['steward', 'admin', 'organizer'].map((name) => users.get(name)!.id),
      users.get('organizer')!.id,
    );
    await seedDemoBidding(tx);
    await seedDemoRivals(tx, catalogue);
    await seedDemoCommunity(tx);
    await seedDemoLiveRace(tx, catalogue);
  });
  return true;
}
