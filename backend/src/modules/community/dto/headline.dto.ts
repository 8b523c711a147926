import { TextField } from '../../../common/dto-fields.js';

export class HeadlineBody {
  @TextField(200, 'Rivals are live: set your time on this week’s track!')
  text!: string;
}
