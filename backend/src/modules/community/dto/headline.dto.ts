import { TextField } from '../../../common/dto-fields.js';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, Min } from 'class-validator';
import type { HeadlineOrderRequest, HeadlineRequest } from '../../../contracts/community.js';

export class HeadlineBody implements HeadlineRequest {
  @TextField(200, 'Rivals are live: set your time on this week’s track!')
  text!: string;
}

/** `PUT /api/headlines/order`: every headline's id, in the order they run. */
export class HeadlineOrderBody implements HeadlineOrderRequest {
  @ApiProperty({ type: [Number], example: [3, 1, 2] })
  @IsArray()
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  ids!: number[];
}
