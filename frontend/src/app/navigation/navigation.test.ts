import { describe, expect, it } from '@jest/globals';
import type { Role } from '@paddock/contracts/roles.js';
import { sessionOf } from '../../features/auth/index.js';
import { testUser } from '../../testing/fakeApi.js';
import { MAIN_NAVIGATION, isNavGroup, navigationFor, staffMenu } from './navigation.js';

const labelsOf = (sections: ReturnType<typeof staffMenu>) => sections?.map((section) => section.label) ?? null;
const flagsFor = (...roles: Role[]) => sessionOf(testUser({ roles }));

describe('navigation', () => {
  it('has every main label of SPEC §2, the event and grid pages grouped into dropdowns', () => {
    const labels = MAIN_NAVIGATION.flatMap((entry) => (isNavGroup(entry) ? entry.items.map((item) => item.label) : [entry.label]));
    expect([...labels].sort()).toEqual(
      ['Home', 'Series', 'All Events', 'Assessment', 'Rivals', 'Series leaderboard', 'Drivers', 'Teams', 'Crew', 'Media', 'Merchandise', 'Downloads'].sort(),
    );
    const groups = MAIN_NAVIGATION.filter(isNavGroup).map((group) => [group.label, group.items.map((item) => item.label)]);
    expect(groups).toEqual([
      ['Events', ['Series', 'All Events', 'Assessment', 'Series leaderboard']],
      ['Grid', ['Drivers', 'Teams', 'Crew']],
    ]);
  });

  it('shows the Admin menu by the flags of SPEC §6', () => {
    expect(labelsOf(staffMenu(flagsFor('ADMIN')))).toEqual(['Management', 'Organize', 'Steward']);
    expect(labelsOf(staffMenu(flagsFor('ORGANIZER')))).toEqual(['Organize', 'Steward']);
    expect(labelsOf(staffMenu(flagsFor('STEWARD')))).toEqual(['Steward']);
    expect(staffMenu(flagsFor())).toBeNull();
    expect(staffMenu(flagsFor('TEAM_CAPTAIN', 'TEAM'))).toBeNull();
  });

  it('gives a host alone an empty Admin menu', () => {
    expect(staffMenu({ ...flagsFor(), isHost: true })).toEqual([]);
  });

  it('lists the management, organize and steward items', () => {
    const [management, organize, steward] = staffMenu(flagsFor('ADMIN')) ?? [];
    expect(management?.items.map((item) => item.to)).toEqual([
      '/admin/affiliates',
      '/admin/games',
      '/admin/tracks',
      '/admin/cars',
      '/admin/users',
      '/admin/roles',
      '/organizer/competitions/groups',
      '/admin/teams',
      '/admin/biddingconfig',
      // Beyond SPEC §2's list: the screens of the headlines and maintenance mode it mentions.
      '/admin/headlines',
      '/admin/maintenance',
      // Issue #23: the audit log of staff changes.
      '/admin/audit',
      '/admin/rivals/servers',
      // Issue #27: the Discord role sync.
      '/admin/discord/roles',
    ]);
    expect(organize?.items.map((item) => item.to)).toEqual(['/organizer/competitions', '/organizer/events', '/organizer/assessments']);
    expect(steward?.items.map((item) => item.to)).toEqual(['/steward/tickets', '/steward/rivals/times']);
  });

  it('shows My Teams to team captains only', () => {
    expect(navigationFor(flagsFor('TEAM_CAPTAIN')).myTeams?.to).toBe('/myteams');
    expect(navigationFor(flagsFor('TEAM')).myTeams).toBeNull();
  });
});
