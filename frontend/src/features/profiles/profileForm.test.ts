import { describe, expect, it } from '@jest/globals';
import { numberCheck, profileBodyFrom, profileFormFrom } from './profileForm.js';
import { ROOKIE } from './testing/profileFixture.js';

describe('the profile form', () => {
  it('shows a taken number before saving, and the range rule in words', () => {
    expect(numberCheck('44', [7, 44])).toBe('Number 44 is taken');
    expect(numberCheck('0', [])).toBe('A driver number is a whole number from 1 to 999');
    expect(numberCheck('4.5', [])).toBe('A driver number is a whole number from 1 to 999');
    expect(numberCheck('31', [7, 44])).toBe(true);
    expect(numberCheck('', [7])).toBe(true);
  });

  it('sends empty text as null, the number as a number, and only the social links given', () => {
    const values = { ...profileFormFrom(ROOKIE), driverNumber: '31', xboxUsername: ' RemyRookie ', platforms: ['XBOX' as const], country: 'fr' };
    values.socials.twitch = 'https://twitch.tv/remy';
    expect(profileBodyFrom(values)).toMatchObject({
      driverNumber: 31,
      xboxUsername: 'RemyRookie',
      steamUsername: null,
      country: 'FR',
      platforms: ['XBOX'],
      socials: { twitch: 'https://twitch.tv/remy' },
    });
  });
});
