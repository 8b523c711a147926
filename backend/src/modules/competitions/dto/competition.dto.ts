import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';
import {
  IdRef,
  IdRefField,
  OneOfField,
  OptionalBooleanField,
  OptionalIdField,
  OptionalTextField,
  PlatformsField,
  SortSpecField,
  TextField,
  WholeNumber,
} from '../../../common/dto-fields.js';
import type { SortRequest } from '../../../contracts/api.js';
import type { Platform } from '../../../contracts/catalogue.js';
import {
  COMPETITION_SORT_FIELDS,
  COMPETITION_STYLES,
  type CompetitionGroupRequest,
  type CompetitionRequest,
  type CompetitionSearchRequest,
  type CompetitionSortField,
  type CompetitionStyle,
} from '../../../contracts/competitions.js';

export const DESCRIPTION_MAX = 2000;

/** The `group` part of `PUT /api/competitions/groups` (multipart, with optional `icon` and `banner`): with `id` it updates. */
export class CompetitionGroupBody implements CompetitionGroupRequest {
  @OptionalIdField()
  id?: number;

  @TextField(100, 'GT World Series')
  name!: string;

  @OptionalTextField(DESCRIPTION_MAX)
  description?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 1000, default: 0, description: 'Listed by position, smallest first' })
  @IsOptional()
  @WholeNumber(0, 1000)
  position?: number;
}

/** The `competition` part of `PUT /api/competitions` (multipart, with optional `icon` and `banner`): with `id` it updates. */
export class CompetitionBody implements CompetitionRequest {
  @OptionalIdField()
  id?: number;

  @TextField(100, 'GT3 Sprint Cup')
  name!: string;

  @OptionalTextField(DESCRIPTION_MAX)
  description?: string | null;

  @OneOfField(COMPETITION_STYLES)
  style!: CompetitionStyle;

  @IdRefField({ optional: true, description: 'The competition group it is listed under' })
  group?: IdRef | null;

  @IdRefField({ optional: true, description: 'The game raced; its rounds must be events of this game' })
  game?: IdRef | null;

  @PlatformsField()
  platforms!: Platform[];

  @OptionalBooleanField({ default: false, description: 'Shown on the Series page' })
  current?: boolean;

  @OptionalBooleanField({ default: true, description: 'Offered on the Series leaderboard' })
  leaderboardsEnabled?: boolean;
}

/** Body of the organizers' list `POST /api/competitions`: filters and sort (default: by name). */
export class CompetitionSearchBody implements CompetitionSearchRequest {
  @OptionalTextField(100, 'Part of the name, any case')
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number;

  @OptionalBooleanField()
  current?: boolean;

  @OneOfField(COMPETITION_STYLES, { optional: true })
  style?: CompetitionStyle;

  @SortSpecField('CompetitionSortDto', COMPETITION_SORT_FIELDS, 4)
  sort?: SortRequest<CompetitionSortField>[];
}
