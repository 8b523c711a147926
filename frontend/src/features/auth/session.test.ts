import { describe, expect, it } from '@jest/globals';
import { testUser } from '../../testing/fakeApi.js';
import { accountName, avatarUrl, SIGNED_OUT, sessionOf, welcomeName } from './session.js';

describe('session', () => {
  it('is signed out without a user', () => {
    expect(sessionOf(null)).toBe(SIGNED_OUT);
    expect(SIGNED_OUT.loggedIn).toBe(false);
  });

  it('derives the role flags through the shared contract', () => {
    const session = sessionOf(testUser({ roles: ['ORGANIZER'] }));
    expect(session).toMatchObject({ loggedIn: true, isAdmin: false, isOrganizer: true, isSteward: true, isTeamCaptain: false });
  });

  it('treats an empty driver profile as incomplete', () => {
    const user = { ...testUser(), driverProfile: {} };
    expect(sessionOf(user)).toMatchObject({ profileCompleted: false, profileId: null });
    expect(sessionOf(testUser({ profileCompleted: false })).profileCompleted).toBe(false);
    expect(sessionOf(testUser()).profileId).toBe(42);
  });

  it('welcomes by driver name, else global name, else username', () => {
    expect(welcomeName(testUser({ name: 'Speedy' }))).toBe('Speedy');
    expect(welcomeName(testUser({ name: null }))).toBe('Racer Global');
    expect(welcomeName({ ...testUser({ globalName: null }), driverProfile: {} })).toBe('racer');
    expect(accountName(testUser())).toBe('Racer Global');
  });

  it('builds the avatar URL only when an avatar is set', () => {
    expect(avatarUrl(testUser(), 'https://cdn.example')).toBe('https://cdn.example/avatars/123456789012345678/abc.png');
    expect(avatarUrl({ ...testUser(), avatar: null }, 'https://cdn.example')).toBeNull();
  });
});
