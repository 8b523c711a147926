import { Body, Controller, Headers, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import { IdParam } from '../../common/dto-fields.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import { RateLimited } from '../../common/rate-limit.js';
import type { PushDevice, PushSettings, PushTestAnswer } from '../../contracts/push.js';
import { PushDevices } from './push-devices.service.js';
import { PushSubscribeBody } from './push.dto.js';
import { PushService } from './push.service.js';
import { userAgentLabel } from './user-agent-label.js';
import { VapidKeys } from './vapid-keys.js';

@ApiTags('push')
@Controller()
export class PushController {
  constructor(
    private readonly devices: PushDevices,
    private readonly push: PushService,
    private readonly vapid: VapidKeys,
  ) {}

  @Endpoint('GET /push/settings')
  async settings(): Promise<PushSettings> {
    return { publicKey: (await this.vapid.get())?.publicKey ?? null };
  }

  @Endpoint('GET /push/devices')
  list(@CurrentPrincipal() principal: Principal): Promise<PushDevice[]> {
    return this.devices.list(principal.userId);
  }

  @Endpoint('POST /push/devices')
  subscribe(@CurrentPrincipal() principal: Principal, @Body() body: PushSubscribeBody, @Headers('user-agent') userAgent?: string): Promise<PushDevice> {
    return this.devices.subscribe(principal.userId, body, userAgentLabel(userAgent));
  }

  @Endpoint('DELETE /push/devices/:id')
  remove(@CurrentPrincipal() principal: Principal, @Param() params: IdParam): Promise<void> {
    return this.devices.remove(principal.userId, params.id);
  }

  @Endpoint('POST /push/devices/:id/test')
  @RateLimited('pushTest')
  async test(@CurrentPrincipal() principal: Principal, @Param() params: IdParam): Promise<PushTestAnswer> {
    const device = await this.devices.own(principal.userId, params.id);
    return { queued: await this.push.sendTest(device.id) };
  }
}
