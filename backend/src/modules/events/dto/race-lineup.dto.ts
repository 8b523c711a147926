import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsInt, Min } from 'class-validator';
import { TEAM_SIZE_MAX } from '../../../contracts/events.js';
import type { RaceLineupRequest } from '../../../contracts/race-lineups.js';
import { IdParam } from '../../../common/dto-fields.js';

/** `{id}/races/{race}`: an event and one of its races. */
export class RaceParams extends IdParam {
  @ApiProperty({ description: 'A race of the event (`raceEvents[].races[].id`)' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  race!: number;
}

/** `{id}/races/{race}/lineups/{team}`. */
export class RaceLineupParams extends RaceParams {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  team!: number;
}

export class RaceLineupBody implements RaceLineupRequest {
  @ApiProperty({ type: [Number], description: 'The team’s drivers for this race (driver profile ids), among its drivers entered in the event' })
  @IsArray()
  @ArrayNotEmpty({ message: 'profileIds must name at least one driver (remove the race line-up to race with the event entry)' })
  @ArrayMaxSize(TEAM_SIZE_MAX)
  @ArrayUnique({ message: 'profileIds must not name a driver twice' })
  @IsInt({ each: true })
  @Min(1, { each: true })
  profileIds!: number[];
}
