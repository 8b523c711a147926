import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../contracts/roles.js';
import { demoAccount, type DemoUsername } from '../infra/discord/demo-accounts.js';
import { Headline } from '../modules/community/headline.entity.js';
import { DriverProfile } from '../modules/profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../modules/teams/team.entity.js';
import { User } from '../modules/users/user.entity.js';
import { seedDemoLeague } from './demo-league.js';

interface DemoMember {
  username: Exclude<DemoUsername, 'notmember'>;
  roles: Role[];
  profile: Partial<Pick<DriverProfile, 'driverNumber' | 'name' | 'xboxUsername' | 'steamUsername' | 'psnName'>> & { completed: boolean };
}

/** What the league knows of each demo account (the Discord side is in demo-accounts.ts). */
const DEMO_MEMBERS: DemoMember[] = [
  { username: 'admin', roles: ['ADMIN'], profile: { driverNumber: 1, name: 'Ada Admin', steamUsername: 'AdaSteam', completed: true } },
  { username: 'organizer', roles: ['ORGANIZER'], profile: { driverNumber: 7, name: 'Olly Organizer', xboxUsername: 'OllyOnXbox', completed: true } },
  { username: 'steward', roles: ['STEWARD'], profile: { driverNumber: 12, name: 'Stella Steward', psnName: 'StellaPSN', completed: true } },
  { username: 'captain', roles: ['TEAM_CAPTAIN', 'TEAM'], profile: { driverNumber: 44, name: 'Cory Captain', xboxUsername: 'CoryCaptain', completed: true } },
  { username: 'driver', roles: [], profile: { driverNumber: 77, name: 'Dani Driver', steamUsername: 'DaniDrives', completed: true } },
  { username: 'rookie', roles: ['NEW'], profile: { completed: false } },
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
      const { completed, ...profile } = member.profile;
      profiles.set(member.username, tx.create(DriverProfile, { user, ...profile, profileCompleted: completed }));
      users.set(member.username, user);
    }
    const team = tx.create(Team, { name: DEMO_TEAM });
    tx.create(TeamMember, { team, user: users.get('captain')!, captain: true });
    for (const text of DEMO_HEADLINES) tx.create(Headline, { text });
    seedDemoLeague(tx, profiles, team);
  });
  return true;
}
