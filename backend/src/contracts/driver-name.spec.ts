import { describe, expect, it } from '@jest/globals';
import { INCOMPLETE_PROFILE, PRIVATE_DRIVER, driverDisplayName, shownDriver } from './driver-name.js';

const full = {
  driverNumber: 7,
  xboxUsername: 'OnXbox',
  steamUsername: 'OnSteam',
  psnName: 'OnPsn',
  alternativeName: 'Alt',
  name: 'Real Name',
};

describe('driverDisplayName (SPEC §3)', () => {
  it('is "[ number ] - " and the Xbox name first', () => {
    expect(driverDisplayName(full)).toBe('[ 7 ] - OnXbox');
  });

  it('falls through Xbox, Steam, PSN, alternative name and name, in that order', () => {
    expect(driverDisplayName({ ...full, xboxUsername: null })).toBe('[ 7 ] - OnSteam');
    expect(driverDisplayName({ ...full, xboxUsername: null, steamUsername: null })).toBe('[ 7 ] - OnPsn');
    expect(driverDisplayName({ ...full, xboxUsername: null, steamUsername: null, psnName: null })).toBe('[ 7 ] - Alt');
    expect(driverDisplayName({ driverNumber: 7, name: 'Real Name' })).toBe('[ 7 ] - Real Name');
  });

  it('skips empty and blank names as not given', () => {
    expect(driverDisplayName({ ...full, xboxUsername: '', steamUsername: '   ', psnName: undefined })).toBe('[ 7 ] - Alt');
  });

  it('shows the chosen name trimmed', () => {
    expect(driverDisplayName({ driverNumber: 3, steamUsername: '  Spaced  ' })).toBe('[ 3 ] - Spaced');
  });

  it('keeps driver number 0 (a number, not a missing one)', () => {
    expect(driverDisplayName({ driverNumber: 0, name: 'Zero' })).toBe('[ 0 ] - Zero');
  });

  it("is 'Incomplete profile' when no name is given, or there is no profile", () => {
    expect(INCOMPLETE_PROFILE).toBe('Incomplete profile');
    expect(driverDisplayName({ driverNumber: 7 })).toBe('Incomplete profile');
    expect(driverDisplayName({ driverNumber: 7, xboxUsername: ' ', name: '' })).toBe('Incomplete profile');
    expect(driverDisplayName({})).toBe('Incomplete profile');
    expect(driverDisplayName(null)).toBe('Incomplete profile');
    expect(driverDisplayName(undefined)).toBe('Incomplete profile');
  });

  it('shows the name alone while the driver has no number yet', () => {
    expect(driverDisplayName({ driverNumber: null, psnName: 'NoNumber' })).toBe('NoNumber');
  });
});

describe('shownDriver: the one masking rule of every view', () => {
  it('shows a hidden driver as "Private driver" without a number to a viewer who may not see them', () => {
    expect(shownDriver({ ...full, hidden: true }, false)).toEqual({ driverName: PRIVATE_DRIVER, driverNumber: null });
  });

  it('names a hidden driver to a viewer who may see them, and a visible driver to everyone', () => {
    expect(shownDriver({ ...full, hidden: true }, true)).toEqual({ driverName: '[ 7 ] - OnXbox', driverNumber: 7 });
    expect(shownDriver({ ...full, hidden: false }, false)).toEqual({ driverName: '[ 7 ] - OnXbox', driverNumber: 7 });
  });
});
