import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { BodiesField, OneOfField } from '../../../common/dto-fields.js';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettingDto, type NotificationSettingsBody } from '../../../contracts/notifications.js';

const channel = () => IsBoolean({ message: '$property must be true or false' });

/** One kind's channels. */
export class NotificationSettingBody implements NotificationSettingDto {
  @OneOfField(NOTIFICATION_KINDS)
  kind!: NotificationKind;

  @ApiProperty()
  @channel()
  site!: boolean;

  @ApiProperty()
  @channel()
  push!: boolean;

  @ApiProperty()
  @channel()
  discordDm!: boolean;
}

/** `PUT /api/notifications/settings`. */
export class NotificationSettingsRequest implements NotificationSettingsBody {
  @BodiesField(NotificationSettingBody, { max: NOTIFICATION_KINDS.length, needsOne: 'settings must name at least one kind' })
  settings!: NotificationSettingBody[];
}
