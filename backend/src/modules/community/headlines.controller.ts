import { Body, Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HeadlineDto } from '../../contracts/client-events.js';
import { Endpoint } from '../../common/endpoint.js';
import { IdParam } from '../../common/dto-fields.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { HEADLINE_READS } from './community.reads.js';
import { HeadlineBody, HeadlineOrderBody } from './dto/headline.dto.js';
import { HeadlinesService } from './headlines.service.js';

@ApiTags('community')
@Controller()
export class HeadlinesController {
  constructor(private readonly headlines: HeadlinesService) {}

  @Endpoint('GET /headlines')
  @CachedRead(HEADLINE_READS)
  list(): Promise<HeadlineDto[]> {
    return this.headlines.list();
  }

  @Endpoint('POST /headlines')
  create(@Body() body: HeadlineBody, @CurrentPrincipal() admin: Principal): Promise<HeadlineDto> {
    return this.headlines.create(admin, body.text);
  }

  @Endpoint('PUT /headlines/order')
  reorder(@Body() body: HeadlineOrderBody, @CurrentPrincipal() admin: Principal): Promise<HeadlineDto[]> {
    return this.headlines.reorder(admin, body.ids);
  }

  @Endpoint('PUT /headlines/:id')
  update(@Param() { id }: IdParam, @Body() body: HeadlineBody, @CurrentPrincipal() admin: Principal): Promise<HeadlineDto> {
    return this.headlines.update(admin, id, body.text);
  }

  @Endpoint('DELETE /headlines/:id')
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.headlines.remove(admin, id);
  }
}
