import { describe, expect, it } from '@jest/globals';
import { guardRedirect, missingRole, signInReason } from './guard.js';
import { routeNamed } from './routeTable.js';

const visitor = { loggedIn: false, profileCompleted: false };
const driver = { loggedIn: true, profileCompleted: true };
const rookie = { loggedIn: true, profileCompleted: false };

describe('guardRedirect', () => {
  it('lets visitors onto public routes and sends them Home from any other, to sign in with the reason', () => {
    expect(guardRedirect(routeNamed('Grid'), visitor)).toBeNull();
    expect(guardRedirect(routeNamed('404'), visitor)).toBeNull();
    expect(guardRedirect(routeNamed('Profile'), visitor)).toBe('/?signIn=account');
    expect(guardRedirect(routeNamed('Admin-Users'), visitor)).toBe('/?signIn=staff');
    expect(signInReason('staff')).toBe('This page is for the league’s staff: log in to open it.');
    expect(signInReason('account')).toBe('This page is for signed-in drivers: log in to open it.');
    expect(guardRedirect(routeNamed('Live'), visitor)).toBe('/?signIn=live');
    expect(signInReason('live')).toMatch(/live race/);
    expect(signInReason('nope')).toBeNull();
  });

  it('lets a signed-in driver open every route', () => {
    expect(guardRedirect(routeNamed('Admin-Users'), driver)).toBeNull();
    expect(guardRedirect(routeNamed('Profile'), driver)).toBeNull();
  });

  it('sends a user with an incomplete profile to Profile from anywhere else', () => {
    expect(guardRedirect(routeNamed('Home'), rookie)).toBe('/profile');
    expect(guardRedirect(routeNamed('Grid'), rookie)).toBe('/profile');
    expect(guardRedirect(routeNamed('Profile'), rookie)).toBeNull();
  });
});

describe('missingRole', () => {
  const none = { isAdmin: false, isOrganizer: false, isSteward: false };
  it('names the role a staff area needs when the user lacks it', () => {
    expect(missingRole(routeNamed('Admin-Games'), none)?.name).toBe('admin');
    expect(missingRole(routeNamed('Organize-QuickEvents'), none)?.name).toBe('organizer');
    expect(missingRole(routeNamed('Steward-Tickets'), none)?.name).toBe('steward');
    expect(missingRole(routeNamed('Admin-Games'), { ...none, isOrganizer: true, isSteward: true })?.name).toBe('admin');
  });

  it('lets holders in and leaves the other areas alone', () => {
    expect(missingRole(routeNamed('Organize-QuickEvents'), { ...none, isOrganizer: true })).toBeNull();
    expect(missingRole(routeNamed('Steward-Tickets'), { ...none, isSteward: true })).toBeNull();
    expect(missingRole(routeNamed('Admin-Users'), { ...none, isAdmin: true })).toBeNull();
    expect(missingRole(routeNamed('Profile'), none)).toBeNull();
    expect(missingRole(routeNamed('Live'), none)).toBeNull();
  });
});
