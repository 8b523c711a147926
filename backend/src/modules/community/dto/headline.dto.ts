import { DistinctIdsField, TextField } from '../../../common/dto-fields.js';
import type { HeadlineOrderRequest, HeadlineRequest } from '../../../contracts/community.js';

export class HeadlineBody implements HeadlineRequest {
  @TextField(200, 'Rivals are live: set your time on this week’s track!')
  text!: string;
}

/** `PUT /api/headlines/order`: every headline's id, in the order they run. */
export class HeadlineOrderBody implements HeadlineOrderRequest {
  @DistinctIdsField(500, { example: [3, 1, 2] })
  ids!: number[];
}
