/** Event shapes come from the backend contracts (imported type-only, never copied). */
export type {
  AttendeeDto,
  AttendanceCountDto,
  CarTuningRule,
  CarUpgradeRule,
  CompetitionStyle,
  EventDetailsDto,
  EventDto,
  LiveDto,
  LiveStream,
  MyAttendanceDto,
  RaceDto,
  RaceEventDto,
  RaceEventType,
  VideoDto,
} from '@paddock/contracts/events.js';
export type { GameDto, Platform, TrackDto, TrackRef } from '@paddock/contracts/catalogue.js';
export type { Page } from '@paddock/contracts/api.js';

import type { EventDto } from '@paddock/contracts/events.js';

/** What the shell and the cards read of an event. */
export type EventSummary = EventDto;
