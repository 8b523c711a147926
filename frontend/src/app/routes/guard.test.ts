import { describe, expect, it } from '@jest/globals';
import { guardRedirect } from './guard.js';
import { routeNamed } from './routeTable.js';

const visitor = { loggedIn: false, profileCompleted: false };
const driver = { loggedIn: true, profileCompleted: true };
const rookie = { loggedIn: true, profileCompleted: false };

describe('guardRedirect', () => {
  it('lets visitors onto public routes and sends them Home from any other', () => {
    expect(guardRedirect(routeNamed('Grid'), visitor)).toBeNull();
    expect(guardRedirect(routeNamed('404'), visitor)).toBeNull();
    expect(guardRedirect(routeNamed('Profile'), visitor)).toBe('/');
    expect(guardRedirect(routeNamed('Admin-Users'), visitor)).toBe('/');
    expect(guardRedirect(routeNamed('Live'), visitor)).toBe('/');
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
