import { Body, Controller, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/dto-fields.js';
import { Endpoint } from '../../common/endpoint.js';
import { PageQuery } from '../../common/pagination.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import type { Page } from '../../contracts/api.js';
import type { NotificationDto, NotificationSettingDto, UnreadCountDto } from '../../contracts/notifications.js';
import { NotificationSettingsRequest } from './dto/notifications.dto.js';
import { NotificationsService } from './notifications.service.js';

/** The signed-in user's own notification centre: each route reads or changes the caller's notifications only. */
@ApiTags('notifications')
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Endpoint('GET /notifications')
  page(@Query() query: PageQuery, @CurrentPrincipal() principal: Principal): Promise<Page<NotificationDto>> {
    return this.notifications.page(principal.userId, query);
  }

  @Endpoint('GET /notifications/unread')
  unread(@CurrentPrincipal() principal: Principal): Promise<UnreadCountDto> {
    return this.notifications.unread(principal.userId);
  }

  @Endpoint('POST /notifications/:id/read')
  markRead(@Param() { id }: IdParam, @CurrentPrincipal() principal: Principal): Promise<UnreadCountDto> {
    return this.notifications.markRead(principal.userId, id);
  }

  @Endpoint('POST /notifications/read')
  markAllRead(@CurrentPrincipal() principal: Principal): Promise<UnreadCountDto> {
    return this.notifications.markAllRead(principal.userId);
  }

  @Endpoint('GET /notifications/settings')
  settings(@CurrentPrincipal() principal: Principal): Promise<NotificationSettingDto[]> {
    return this.notifications.settings(principal.userId);
  }

  @Endpoint('PUT /notifications/settings')
  saveSettings(@Body() body: NotificationSettingsRequest, @CurrentPrincipal() principal: Principal): Promise<NotificationSettingDto[]> {
    return this.notifications.saveSettings(principal.userId, body.settings);
  }
}
