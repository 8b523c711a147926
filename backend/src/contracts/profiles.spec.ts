import { describe, expect, it } from '@jest/globals';
import { driverDisplayName } from './driver-name.js';
import { driverNumberProblem, isProfileComplete, missingForCompletion, numberTakenMessage, textFieldProblem } from './profiles.js';

describe('profile completion (SPEC §4)', () => {
  it('needs a number and an id on a platform the driver races on', () => {
    expect(isProfileComplete({ driverNumber: 7, platforms: ['XBOX'], xboxUsername: 'Olly' })).toBe(true);
    expect(isProfileComplete({ driverNumber: 7, platforms: ['PC', 'XBOX'], steamUsername: 'Olly' })).toBe(true);
    expect(isProfileComplete({ driverNumber: null, platforms: ['XBOX'], xboxUsername: 'Olly' })).toBe(false);
    expect(isProfileComplete({ driverNumber: 7, platforms: [], xboxUsername: 'Olly' })).toBe(false);
    // An id on a platform not raced on does not count; blank ids do not either.
    expect(isProfileComplete({ driverNumber: 7, platforms: ['PLAYSTATION'], xboxUsername: 'Olly' })).toBe(false);
    expect(isProfileComplete({ driverNumber: 7, platforms: ['PLAYSTATION'], psnName: '  ' })).toBe(false);
  });

  it('says what is missing in words', () => {
    expect(missingForCompletion({})).toEqual(['a driver number', 'a platform you race on']);
    expect(missingForCompletion({ driverNumber: 3, platforms: ['PC', 'PLAYSTATION'] })).toEqual(['your id on PC (Steam) or PlayStation']);
    expect(missingForCompletion({ driverNumber: 3, platforms: ['PC'], steamUsername: 'x' })).toEqual([]);
  });
});

describe('profile field rules', () => {
  it('takes driver numbers 1 to 999, whole', () => {
    for (const ok of [1, 44, 999, null, undefined]) expect(driverNumberProblem(ok)).toBeNull();
    for (const bad of [0, -1, 1000, 4.5]) expect(driverNumberProblem(bad)).toBe('A driver number is a whole number from 1 to 999');
    expect(numberTakenMessage(44)).toBe('Number 44 is taken');
  });

  it('checks gamertags (3–15), PSN ids (3–16) and Steam names with human messages; empty clears', () => {
    expect(textFieldProblem('xboxUsername', 'Cory Captain')).toBeNull();
    expect(textFieldProblem('xboxUsername', 'ab')).toMatch(/3 to 15/);
    expect(textFieldProblem('xboxUsername', 'a'.repeat(16))).toMatch(/3 to 15/);
    expect(textFieldProblem('xboxUsername', '1abc')).toMatch(/starts with a letter/);
    expect(textFieldProblem('psnName', 'Stella_PSN-1')).toBeNull();
    expect(textFieldProblem('psnName', 'a'.repeat(17))).toMatch(/3 to 16/);
    expect(textFieldProblem('psnName', 'has space')).toMatch(/3 to 16/);
    expect(textFieldProblem('steamUsername', 'Dani Drives ✓')).toBeNull();
    expect(textFieldProblem('steamUsername', 'x')).toMatch(/2 to 32/);
    expect(textFieldProblem('name', '')).toBeNull();
    expect(textFieldProblem('name', null)).toBeNull();
  });
});

describe('display name of a saved profile (SPEC §3)', () => {
  it('prefers Xbox, then Steam, PSN, alternative name and name, with the number', () => {
    expect(driverDisplayName({ driverNumber: 31, steamUsername: 'RemySteam', name: 'Remy' })).toBe('[ 31 ] - RemySteam');
    expect(driverDisplayName({ driverNumber: 31, xboxUsername: ' ', psnName: 'RemyPSN' })).toBe('[ 31 ] - RemyPSN');
    expect(driverDisplayName({ driverNumber: null, name: null })).toBe('Incomplete profile');
  });
});
