import { Body, Controller, Param, Query, UploadedFiles } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../../common/endpoint.js';
import { IdParam } from '../../../common/dto-fields.js';
import { PageQuery } from '../../../common/pagination.js';
import { CurrentPrincipal, type Principal } from '../../../common/principal.js';
import type { Page } from '../../../contracts/api.js';
import type { AffiliateDto } from '../../../contracts/community.js';
import { CachedRead } from '../../../infra/read-cache/cached-read.js';
import { JsonPartWithImages, type UploadedImages } from '../../images/index.js';
import { AFFILIATE_READS } from '../community.reads.js';
import { AffiliateBody, AffiliateSearchBody } from './affiliate.dto.js';
import { AffiliatesService, type AffiliatePicture } from './affiliates.service.js';

const PICTURES: AffiliatePicture[] = ['icon', 'banner'];

@ApiTags('community')
@Controller()
export class AffiliatesController {
  constructor(private readonly affiliates: AffiliatesService) {}

  /** The affiliates shown now (inside their active window), by position: Home's paid banner and 'Official affiliates' logos. */
  @Endpoint('GET /affiliates')
  @CachedRead(AFFILIATE_READS)
  active(): Promise<AffiliateDto[]> {
    return this.affiliates.active();
  }

  /** Admins' list of every affiliate (active or not), paged; the body may filter by `name`. */
  @Endpoint('POST /affiliates/admin')
  search(@Query() query: PageQuery, @Body() body: AffiliateSearchBody): Promise<Page<AffiliateDto>> {
    return this.affiliates.search(body, query);
  }

  /** Multipart: `affiliate` (JSON; with `id` it updates) and optional `icon` and `banner` (paid only) images, stored as webp. */
  @Endpoint('PUT /affiliates/admin')
  @JsonPartWithImages('affiliate', PICTURES)
  save(
    @Body('affiliate') affiliate: AffiliateBody,
    @CurrentPrincipal() admin: Principal,
    @UploadedFiles() pictures?: UploadedImages<AffiliatePicture>,
  ): Promise<AffiliateDto> {
    return this.affiliates.save(admin, affiliate, pictures);
  }

  @Endpoint('GET /affiliates/admin/:id')
  details(@Param() { id }: IdParam): Promise<AffiliateDto> {
    return this.affiliates.details(id);
  }

  @Endpoint('DELETE /affiliates/admin/:id')
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.affiliates.remove(admin, id);
  }
}
