import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNotEmptyObject, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { aboutField } from '../../common/dto-fields.js';
import { PUSH_ENDPOINT_MAX, type PushSubscribeRequest } from '../../contracts/push.js';

class PushKeysBody {
  @ApiProperty({ description: "The browser's P-256 public key, base64url", maxLength: 100 })
  @IsString({ message: 'Keys.p256dh must be a string' })
  @MaxLength(100, { message: 'Keys.p256dh must be at most 100 characters' })
  p256dh!: string;

  @ApiProperty({ description: "The browser's authentication secret, base64url", maxLength: 32 })
  @IsString({ message: 'Keys.auth must be a string' })
  @MaxLength(32, { message: 'Keys.auth must be at most 32 characters' })
  auth!: string;
}

/** `POST /api/push/devices`: the browser's `PushSubscription.toJSON()` (its expirationTime is ignored). */
export class PushSubscribeBody implements PushSubscribeRequest {
  @ApiProperty({ maxLength: PUSH_ENDPOINT_MAX, example: 'https://fcm.googleapis.com/fcm/send/…' })
  @IsString({ message: aboutField('must be a string') })
  @MaxLength(PUSH_ENDPOINT_MAX, { message: aboutField(`must be at most ${PUSH_ENDPOINT_MAX} characters`) })
  endpoint!: string;

  @ApiProperty({ type: PushKeysBody })
  @IsObject({ message: 'Keys must be an object with p256dh and auth' })
  @IsNotEmptyObject({}, { message: 'Keys must be an object with p256dh and auth' })
  @ValidateNested()
  @Type(() => PushKeysBody)
  keys!: PushKeysBody;
}
