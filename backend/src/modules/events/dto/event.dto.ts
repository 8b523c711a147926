import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, IsOptional, Max, Min, ValidateBy, ValidateIf, ValidateNested, type ValidationOptions, type ValidationArguments } from 'class-validator';
import { PageQuery } from '../../../common/pagination.js';
import { PLATFORMS, type Platform } from '../../../contracts/catalogue.js';
import {
  CAR_TUNING_RULES,
  CAR_UPGRADE_RULES,
  COMPETITION_STYLES,
  LINEUP_LOCK_MAX_MINUTES,
  TEAM_SIZE_MAX,
  RACE_EVENT_TYPES,
  parseLiveStream,
  parseYoutubeVideoId,
  type CarTuningRule,
  type CarUpgradeRule,
  type CompetitionStyle,
  type RaceEventType,
} from '../../../contracts/events.js';
import {
  BodiesField,
  DateTimeField,
  DistinctIdsField,
  IdFilterField,
  IdRef,
  IdRefField,
  OneOfField,
  OptionalBooleanField,
  OptionalIdField,
  OptionalTextField,
  PlatformsField,
  SortSpecField,
  TextField,
} from '../../../common/dto-fields.js';
import type {
  DriverAttendanceRequest,
  EventListFilterRequest,
  EventRequest,
  EventSearchRequest,
  EventSortRequest,
  LiveRequest,
  MyAttendanceRequest,
  PublishRequest,
  QualifyRequest,
  RaceEventRequest,
  RaceRequest,
  SessionLengthRequest,
  TeamAttendanceRequest,
  YoutubeRequest,
} from '../../../contracts/events.js';

/** A YouTube video URL (watch, youtu.be, embed, live or shorts); stored as the video id. */
export function IsYoutubeUrl(options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isYoutubeUrl', validator: { validate: (value) => typeof value === 'string' && parseYoutubeVideoId(value) !== null } },
    { message: ({ property }) => `${property} must be a YouTube video URL, e.g. https://www.youtube.com/watch?v=dQw4w9WgXcQ`, ...options },
  );
}

/** A YouTube or Twitch URL that can be embedded. */
export function IsLiveStreamUrl(options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isLiveStreamUrl', validator: { validate: (value) => typeof value === 'string' && parseLiveStream(value) !== null } },
    { message: ({ property }) => `${property} must be a YouTube video or a Twitch channel URL`, ...options },
  );
}

/** Query booleans arrive as text: only `true`/`false` (and 1/0) are accepted. */
const queryBoolean = ({ value }: { value: unknown }) => {
  if (value === 'true' || value === '1' || value === true) return true;
  if (value === 'false' || value === '0' || value === false) return false;
  return value;
};

/** How long a session runs: laps, minutes, or both (a race must say; qualifying may leave it open). */
class SessionLengthBody implements SessionLengthRequest {
  @ApiPropertyOptional({ minimum: 1, maximum: 500, nullable: true, description: 'A race needs laps, length or both' })
  @ValidateIf((session: SessionLengthBody, laps: unknown) => laps != null || (session instanceof RaceBody && session.length == null))
  @ValidateBy(
    { name: 'laps', validator: { validate: (laps: unknown) => Number.isInteger(laps) && (laps as number) >= 1 && (laps as number) <= 500 } },
    { message: ({ value }) => (value == null ? 'a race needs laps, length (minutes) or both' : 'laps must be a whole number from 1 to 500') },
  )
  laps?: number | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 1440, nullable: true, description: 'Minutes' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1440)
  length?: number | null;
}

/** An optional whole number of `unit` from `min` to `max`, documented with its default: one message for whatever is wrong with it. */
function OptionalCount(unit: string, min: number, max: number, documented: { default: number; description: string }, aside = '') {
  const message = { message: ({ property }: ValidationArguments) => `${property} must be a whole number of ${unit} from ${min} to ${max}${aside}` };
  return applyDecorators(ApiPropertyOptional({ minimum: min, maximum: max, ...documented }), IsOptional(), IsInt(message), Min(min, message), Max(max, message));
}

export class RaceBody extends SessionLengthBody implements RaceRequest {
  @OneOfField(RACE_EVENT_TYPES)
  raceEventType!: RaceEventType;

  @IdRefField({ optional: true, description: 'A track variant id; defaults to the race event’s track' })
  track?: IdRef | null;
}

export class QualifyBody extends SessionLengthBody implements QualifyRequest {
  @IdRefField({ optional: true })
  track?: IdRef | null;
}

export class RaceEventBody implements RaceEventRequest {
  @IdRefField({ optional: true, description: 'A track variant id (GET /api/games/{id}/tracks)' })
  track?: IdRef | null;

  @OptionalTextField(100, 'A track outside the catalogue')
  externalTrackName?: string | null;

  @OptionalBooleanField({ default: false })
  qualifyEnabled?: boolean;

  @ApiPropertyOptional({ type: QualifyBody, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => QualifyBody)
  qualify?: QualifyBody | null;

  @BodiesField(RaceBody, { max: 10, needsOne: 'races needs at least one race' })
  races!: RaceBody[];
}

/** The `event` part of `PUT /api/events/individual` and `PUT /api/events/assessment` (SPEC §3). */
export class EventBody implements EventRequest {
  @OptionalIdField()
  id?: number;

  @TextField(100, 'Friday Night GT3')
  name!: string;

  @DateTimeField({ example: '2026-12-04T19:00:00Z' })
  date!: string;

  @IdRefField()
  game!: IdRef;

  @PlatformsField()
  platforms!: Platform[];

  @ApiProperty({ minimum: 1, maximum: 1000 })
  @IsInt()
  @Min(1)
  @Max(1000)
  seats!: number;

  @OneOfField(COMPETITION_STYLES)
  competitionStyle!: CompetitionStyle;

  @OneOfField(CAR_TUNING_RULES)
  carTuningRule!: CarTuningRule;

  @OneOfField(CAR_UPGRADE_RULES)
  carUpgradeRule!: CarUpgradeRule;

  @OptionalBooleanField({ default: false })
  stewarded?: boolean;

  @OptionalBooleanField({ default: false })
  leaderboardsEnabled?: boolean;

  @OptionalCount('drivers', 1, TEAM_SIZE_MAX, { default: 1, description: 'TEAM and LVL events: the fewest drivers a team enters' })
  teamSizeMin?: number;

  @OptionalCount('drivers', 1, TEAM_SIZE_MAX, { default: 4, description: 'TEAM and LVL events: the most drivers a team enters' })
  teamSizeMax?: number;

  @OptionalCount('minutes', 0, LINEUP_LOCK_MAX_MINUTES, { default: 0, description: 'Captains’ line-ups lock this many minutes before the start' }, ' (a week)')
  lineupLockMinutes?: number;

  @ApiPropertyOptional({ nullable: true, example: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })
  @IsOptional()
  @IsYoutubeUrl()
  youtubeUrl?: string | null;

  @BodiesField(RaceEventBody, { max: 10, needsOne: 'raceEvents needs at least one race event' })
  raceEvents!: RaceEventBody[];
}

/** `?pageNumber&pageSize` plus the public list filters of Event-List. */
export class EventListQuery extends PageQuery implements EventListFilterRequest {
  @IdFilterField({ inQuery: true })
  gameId?: number;

  @OneOfField(['ALL', ...PLATFORMS], { optional: true })
  platform?: Platform | 'ALL';
}

export const EVENT_SORT_FIELDS = ['date', 'name', 'seats', 'createdAt', 'published'] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];

/** Body of the organizers' search lists: filters and sort (default: latest date first). */
export class EventSearchBody implements EventSearchRequest {
  @OptionalTextField(100, 'Part of the name, any case')
  name?: string;

  @IdFilterField()
  gameId?: number;

  @OneOfField(PLATFORMS, { optional: true })
  platform?: Platform;

  @OptionalBooleanField()
  published?: boolean;

  @DateTimeField({ optional: true, dateOnly: true, description: 'Only events from this time on (ISO 8601)' })
  from?: string;

  @DateTimeField({ optional: true, dateOnly: true, description: 'Only events before this time (ISO 8601)' })
  to?: string;

  @SortSpecField('EventSortDto', EVENT_SORT_FIELDS, 5)
  sort?: EventSortRequest[];
}

/** `?publish&sendNotification` of `GET /api/events/{id}/publish`. */
export class PublishQuery implements PublishRequest {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean({ message: 'publish must be true or false' })
  publish: boolean = true;

  @ApiPropertyOptional({ default: false, description: 'Announce the event on the community Discord (only when publishing)' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean({ message: 'sendNotification must be true or false' })
  sendNotification: boolean = false;
}

export class MyAttendanceBody implements MyAttendanceRequest {
  @ApiProperty()
  @IsBoolean()
  attending!: boolean;
}

export class DriverAttendanceBody implements DriverAttendanceRequest {
  @ApiProperty()
  @IsInt()
  @Min(1)
  profileId!: number;

  @ApiProperty()
  @IsBoolean()
  attending!: boolean;
}

export class TeamAttendanceBody implements TeamAttendanceRequest {
  @ApiProperty()
  @IsInt()
  @Min(1)
  teamId!: number;

  @DistinctIdsField(100, { description: 'Exactly the team’s drivers in this event (driver profile ids)' })
  profileIds!: number[];
}

export class LiveBody implements LiveRequest {
  @ApiProperty({ example: 'https://www.twitch.tv/paddockleague' })
  @IsLiveStreamUrl()
  streamUrl!: string;
}

export class YoutubeBody implements YoutubeRequest {
  @ApiProperty({ example: 'https://youtu.be/dQw4w9WgXcQ' })
  @IsYoutubeUrl()
  youtubeUrl!: string;
}
