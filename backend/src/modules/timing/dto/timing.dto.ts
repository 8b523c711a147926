import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { OneOfField, TextField } from '../../../common/dto-fields.js';
import type { TimingGame, TimingSourceRequest } from '../../../contracts/timing.js';

export const TIMING_GAMES: readonly TimingGame[] = ['ACC', 'AC'];

/** `{raceId}` in a path: a positive whole number. */
export class RaceIdParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  raceId!: number;
}

/** A host name or an IPv4/IPv6 address: letters, digits, dots, hyphens and colons. */
const HOST = /^[A-Za-z0-9.:-]+$/;

/** A password field: left out keeps the stored one, null clears it, a string replaces it (never answered). */
function PasswordField(description: string) {
  return (target: object, key: string) => {
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 128, description })(target, key);
    IsOptional()(target, key);
    ValidateIf((_object: object, value: unknown) => value !== null)(target, key);
    IsString()(target, key);
    MaxLength(128)(target, key);
  };
}

export class TimingSourceBody implements TimingSourceRequest {
  @OneOfField(TIMING_GAMES)
  game!: TimingGame;

  @TextField(255, '203.0.113.7')
  @Matches(HOST, { message: 'host must be a host name or an IP address' })
  host!: string;

  @ApiProperty({ minimum: 1, maximum: 65535, description: "ACC: the server's broadcasting port; AC: its plugin command port (UDP_PLUGIN_LOCAL_PORT)" })
  @IsInt()
  @Min(1)
  @Max(65535)
  port!: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 65535,
    description: "AC: the port the worker listens on (the server's UDP_PLUGIN_ADDRESS port); required for AC",
  })
  @ValidateIf((body: TimingSourceBody) => body.game === 'AC' || (body.localPort !== undefined && body.localPort !== null))
  @IsInt({ message: 'localPort must be a whole number from 1 to 65535 (required for AC)' })
  @Min(1)
  @Max(65535)
  localPort?: number | null;

  @PasswordField('ACC: the broadcasting connection password (left out: unchanged; null: none)')
  password?: string | null;

  @PasswordField('ACC: the command password (left out: unchanged; null: none)')
  commandPassword?: string | null;
}
