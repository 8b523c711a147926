import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Matches, Min } from 'class-validator';
import { IdParam, IdRef, IdRefField, OptionalIdField, TextField } from '../../../common/dto-fields.js';
import { PLATFORMS, type Platform } from '../../../contracts/catalogue.js';
import { TEAM_COLOUR, TEAM_NAME_MAX, TEAM_TAG } from '../../../contracts/teams.js';
import type { CaptainsRequest, HandOverRequest, InviteRequest, InviteResponseRequest, TeamRequest } from '../../../contracts/teams.js';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() || null : value);
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** The `team` part of `PUT /api/teams` (multipart, with an optional `logo`): with `id` it updates. */
export class TeamBody implements TeamRequest {
  @OptionalIdField()
  id?: number;

  @TextField(TEAM_NAME_MAX, 'Purple Haze Racing')
  name!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'PHR' })
  @Transform(upper)
  @IsOptional()
  @Matches(TEAM_TAG, { message: 'A tag has 2 to 6 letters or digits' })
  tag?: string | null;

  @ApiPropertyOptional({ example: '#7b1fa2' })
  @Transform(lower)
  @IsOptional()
  @Matches(TEAM_COLOUR, { message: 'A colour is written #rrggbb, e.g. #7b1fa2' })
  colour?: string;

  @IdRefField({ optional: true, description: 'The game the team races (a driver is in one team per game)' })
  game?: IdRef | null;

  @ApiPropertyOptional({ enum: PLATFORMS, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(PLATFORMS, { each: true, message: `each platform must be one of ${PLATFORMS.join(', ')}` })
  platforms?: Platform[];
}

const profileIdMessage = { message: 'profileId must be a driver profile id' };

export class CaptainsBody implements CaptainsRequest {
  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayMaxSize(5, { message: 'a team has at most 5 captains' })
  @ArrayUnique()
  @IsInt({ each: true, message: 'each profile id must be a whole number' })
  @Min(1, { each: true, message: 'each profile id must be a whole number from 1' })
  profileIds!: number[];
}

export class InviteBody implements InviteRequest {
  @ApiProperty()
  @IsInt(profileIdMessage)
  @Min(1, profileIdMessage)
  profileId!: number;
}

export class HandOverBody implements HandOverRequest {
  @ApiProperty()
  @IsInt(profileIdMessage)
  @Min(1, profileIdMessage)
  profileId!: number;
}

export class InviteResponseBody implements InviteResponseRequest {
  @ApiProperty()
  @IsBoolean({ message: 'accept must be true or false' })
  accept!: boolean;
}

/** `/api/teams/{id}/…/{profileId}`. */
export class TeamProfileParams extends IdParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  profileId!: number;
}
