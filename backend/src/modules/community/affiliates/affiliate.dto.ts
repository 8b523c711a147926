import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DateTimeField, OptionalBooleanField, OptionalIdField, OptionalTextField, TextField, WholeNumber } from '../../../common/dto-fields.js';
import type { AffiliateRequest, AffiliateSearchRequest } from '../../../contracts/community.js';
import { WebUrlField } from '../community.fields.js';

/** The `affiliate` part of `PUT /api/affiliates/admin` (multipart, with optional `icon` and `banner` images): with `id` it updates. */
export class AffiliateBody implements AffiliateRequest {
  @OptionalIdField()
  id?: number;

  @TextField(100, 'Sim Gear Co.')
  name!: string;

  @WebUrlField()
  affiliateUrl!: string;

  @OptionalBooleanField({ default: false, description: 'Paid (SPEC §9: yes/no); only paid affiliates show a banner', explained: true })
  monetized?: boolean;

  @DateTimeField({ optional: true, description: 'Shown from (ISO 8601 with a time zone); empty: from now on' })
  activeFrom?: string | null;

  @DateTimeField({ optional: true, description: 'Shown until (ISO 8601 with a time zone); empty: without end' })
  activeTo?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 1000, default: 0, description: 'Shown by position, smallest first' })
  @IsOptional()
  @WholeNumber(0, 1000)
  position?: number;

  @OptionalBooleanField({ default: false, description: 'Removes the stored banner', explained: true })
  removeBanner?: boolean;
}

/** `POST /api/affiliates/admin`: the admins' list, optionally filtered by name. */
export class AffiliateSearchBody implements AffiliateSearchRequest {
  @OptionalTextField(100, 'Part of the name, any case')
  name?: string;
}
