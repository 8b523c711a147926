import { Body, Controller, Param, UploadedFiles } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../../common/endpoint.js';
import { IdParam } from '../../../common/dto-fields.js';
import { CurrentPrincipal, type Principal } from '../../../common/principal.js';
import type { ProductDto } from '../../../contracts/community.js';
import { CachedRead } from '../../../infra/read-cache/cached-read.js';
import { JsonPartWithImages, type UploadedImages } from '../../images/index.js';
import { MERCHANDISE_READS } from '../community.reads.js';
import { MerchandiseService } from './merchandise.service.js';
import { PRODUCT_IMAGE_SLOTS, ProductBody, type ProductImageSlot } from './product.dto.js';

@ApiTags('community')
@Controller()
export class MerchandiseController {
  constructor(private readonly merchandise: MerchandiseService) {}

  /** Every product of the Merchandise page, by position (available or not). */
  @Endpoint('GET /merchandise')
  @CachedRead(MERCHANDISE_READS)
  list(): Promise<ProductDto[]> {
    return this.merchandise.list();
  }

  /** Multipart: `product` (JSON; with `id` it updates) and optional pictures `image0`…`image3`, stored as webp. */
  @Endpoint('PUT /merchandise/admin')
  @JsonPartWithImages('product', PRODUCT_IMAGE_SLOTS)
  save(@Body('product') product: ProductBody, @CurrentPrincipal() admin: Principal, @UploadedFiles() pictures?: UploadedImages<ProductImageSlot>): Promise<ProductDto> {
    return this.merchandise.save(admin, product, pictures);
  }

  @Endpoint('GET /merchandise/admin/:id')
  details(@Param() { id }: IdParam): Promise<ProductDto> {
    return this.merchandise.details(id);
  }

  @Endpoint('DELETE /merchandise/admin/:id')
  remove(@Param() { id }: IdParam, @CurrentPrincipal() admin: Principal): Promise<void> {
    return this.merchandise.remove(admin, id);
  }
}
