import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { BodiesField, IdFilterField, OneOfField, OptionalNotNull, OptionalTextField, TextField, WholeNumber } from '../../../common/dto-fields.js';
import { PageQuery } from '../../../common/pagination.js';
import {
  OUTCOME_KINDS,
  TICKET_STATES,
  type AppealRequest,
  type DecisionRequest,
  type EvidenceLink,
  type OutcomeKind,
  type StatementRequest,
  type StewardingSettingsRequest,
  type ThreadMessageRequest,
  type TicketFilter,
  type TicketOutcome,
  type TicketRequest,
  type TicketState,
  type VoteRequest,
} from '../../../contracts/stewarding.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** "12:34", "1:02:03" or "23:41.2". */
const CLOCK = /^\d{1,3}(:\d{2}){0,2}(\.\d{1,3})?$/;
const CLOCK_MESSAGE = { message: '$property must be a time like 12:34 or 1:02:03' };

export class EvidenceLinkBody implements EvidenceLink {
  @ApiProperty({ maxLength: 500 })
  @Transform(trim)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'url must be an http(s) link' })
  @MaxLength(500)
  url!: string;

  @ApiPropertyOptional({ nullable: true, example: '12:34' })
  @IsOptional()
  @IsString()
  @Matches(CLOCK, CLOCK_MESSAGE)
  time?: string | null;
}

function EvidenceField() {
  return (target: object, key: string) => {
    ApiPropertyOptional({ type: [EvidenceLinkBody], maxItems: 10 })(target, key);
    IsOptional()(target, key);
    IsArray()(target, key);
    ArrayMaxSize(10, { message: 'at most 10 evidence links' })(target, key);
    ValidateNested({ each: true })(target, key);
    Type(() => EvidenceLinkBody)(target, key);
  };
}

export class TicketBody implements TicketRequest {
  @ApiProperty()
  @IsInt({ message: 'raceId must be a race id' })
  @Min(1, { message: 'raceId must be a race id' })
  raceId!: number;

  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayMinSize(1, { message: 'name at least one driver involved' })
  @ArrayMaxSize(10, { message: 'at most 10 drivers' })
  @ArrayUnique({ message: 'each driver once' })
  @IsInt({ each: true, message: 'each accused driver must be a driver profile id' })
  @Min(1, { each: true, message: 'each accused driver must be a driver profile id' })
  accusedProfileIds!: number[];

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @WholeNumber(0, 10_000)
  lap?: number | null;

  @ApiPropertyOptional({ nullable: true, example: '23:41.2' })
  @IsOptional()
  @IsString()
  @Matches(CLOCK, CLOCK_MESSAGE)
  raceTime?: string | null;

  @ApiPropertyOptional({ nullable: true, example: '1:02:03' })
  @IsOptional()
  @IsString()
  @Matches(CLOCK, CLOCK_MESSAGE)
  videoTimestamp?: string | null;

  @OptionalTextField(100)
  corner?: string | null;

  @ApiProperty({ minLength: 10, maxLength: 4000 })
  @Transform(trim)
  @IsString()
  @MinLength(10, { message: 'description must say what happened (at least 10 characters)' })
  @MaxLength(4000)
  description!: string;

  @EvidenceField()
  evidence?: EvidenceLinkBody[];
}

export class StatementBody implements StatementRequest {
  @TextField(4000)
  text!: string;

  @EvidenceField()
  evidence?: EvidenceLinkBody[];
}

export class ThreadMessageBody implements ThreadMessageRequest {
  @TextField(4000)
  text!: string;
}

export class OutcomeBody implements TicketOutcome {
  @ApiProperty({ enum: OUTCOME_KINDS })
  @IsIn(OUTCOME_KINDS, { message: `kind must be one of ${OUTCOME_KINDS.join(', ')}` })
  kind!: OutcomeKind;

  @ApiProperty()
  @IsInt({ message: 'profileId must be a driver profile id' })
  @Min(1, { message: 'profileId must be a driver profile id' })
  profileId!: number;

  @ApiPropertyOptional({ nullable: true, description: 'seconds, places, points, licence points or events, as the kind needs' })
  @IsOptional()
  @WholeNumber(1, 1000)
  amount?: number | null;
}

export class DecisionBody implements DecisionRequest, VoteRequest {
  @BodiesField(OutcomeBody, { max: 20, needsOne: 'give at least one outcome (NO_FURTHER_ACTION for none)' })
  outcomes!: OutcomeBody[];

  @TextField(4000)
  reason!: string;
}

export class AppealBody implements AppealRequest {
  @TextField(4000)
  reason!: string;

  @EvidenceField()
  evidence?: EvidenceLinkBody[];
}

/** A season's stewarding setting: a whole number from `min` to `max`. */
function SettingField(max: number, min = 0) {
  return (target: object, key: string) => {
    ApiProperty({ minimum: min, maximum: max })(target, key);
    WholeNumber(min, max)(target, key);
  };
}

export class StewardingSettingsBody implements StewardingSettingsRequest {
  @SettingField(43_200)
  coolDownMinutes!: number;

  @SettingField(43_200, 1)
  protestDeadlineMinutes!: number;

  @SettingField(43_200, 1)
  decisionDueMinutes!: number;

  @SettingField(9, 1)
  panelSize!: number;

  @SettingField(9, 1)
  majority!: number;

  @SettingField(43_200)
  appealWindowMinutes!: number;

  @SettingField(100, 1)
  licenceBanThreshold!: number;

  @SettingField(20, 1)
  licenceBanEvents!: number;

  @SettingField(100, 1)
  licenceExpiryEvents!: number;

  @ApiPropertyOptional({ description: "Hide the panel's names and vote count from the ticket's drivers until the decision (default true)" })
  @OptionalNotNull()
  @IsBoolean({ message: 'panelHiddenUntilDecision must be true or false' })
  panelHiddenUntilDecision?: boolean;
}

/** `GET /api/tickets?state&season&race&pageNumber&pageSize`. */
export class TicketQuery extends PageQuery implements TicketFilter {
  @OneOfField(TICKET_STATES, { optional: true })
  state?: TicketState;

  @IdFilterField({ inQuery: true })
  season?: number;

  @IdFilterField({ inQuery: true })
  race?: number;
}
