import type { MyProfileDto } from '@paddock/contracts/profiles.js';

/** A rookie's own profile as the API answers it before they complete it. */
export const ROOKIE: MyProfileDto = {
  id: 6,
  driverNumber: null,
  name: null,
  xboxUsername: null,
  steamUsername: null,
  steamId: null,
  psnName: null,
  alternativeName: null,
  profileCompleted: false,
  driverName: 'Incomplete profile',
  missing: ['a driver number', 'a platform you race on'],
  country: null,
  timeZone: null,
  platforms: [],
  games: [],
  socials: {},
  hidden: false,
  nameHistory: [],
};
