import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { toPage, type PageQuery } from '../../../common/pagination.js';
import type { Principal } from '../../../common/principal.js';
import { invalidField } from '../../../common/validation.js';
import type { Page } from '../../../contracts/api.js';
import type { AffiliateDto } from '../../../contracts/community.js';
import { recordDomainEvent } from '../../../infra/outbox/domain-events.js';
import { recordStaffDeletion, recordStaffSave, snapshotOf } from '../../audit/index.js';
import { BANNER_BOUNDS, ICON_BOUNDS, imageUrl, type UploadedImages, ImagesService } from '../../images/index.js';
import { Affiliate } from '../community.entities.js';
import type { AffiliateBody, AffiliateSearchBody } from './affiliate.dto.js';
import { findOrNotFound } from '../../../common/find-or-not-found.js';

export type AffiliatePicture = 'icon' | 'banner';

const aggregate = (id: number) => ({ type: 'affiliate', id });
const ORDER = [{ position: 'asc' }, { name: 'asc' }, { id: 'asc' }] as const;
/** What the audit log keeps of an affiliate (pictures are left out). */
const AFFILIATE_AUDITED_FIELDS = ['name', 'affiliateUrl', 'monetized', 'activeFrom', 'activeTo', 'position'] as const;

export function toAffiliateDto(affiliate: Affiliate): AffiliateDto {
  return {
    id: affiliate.id,
    name: affiliate.name,
    affiliateUrl: affiliate.affiliateUrl,
    icon: imageUrl(affiliate.icon?.id),
    banner: affiliate.monetized ? imageUrl(affiliate.banner?.id) : null,
    monetized: affiliate.monetized,
    activeFrom: affiliate.activeFrom?.toISOString() ?? null,
    activeTo: affiliate.activeTo?.toISOString() ?? null,
    position: affiliate.position,
  };
}

/** Whether an affiliate is shown at `now`: inside its active window (an open end is no bound). */
export function isActive(affiliate: Pick<AffiliateDto, 'activeFrom' | 'activeTo'>, now: Date): boolean {
  return (!affiliate.activeFrom || Date.parse(affiliate.activeFrom) <= now.getTime()) && (!affiliate.activeTo || Date.parse(affiliate.activeTo) > now.getTime());
}

/** The league's affiliates: admins keep them, Home shows the active ones. Every change commits with `AffiliateChanged`, which pushes it live. */
@Injectable()
export class AffiliatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
  ) {}

  /** The affiliates shown now, by position then name (Home's banner and logos). */
  async active(now = new Date()): Promise<AffiliateDto[]> {
    const where: FilterQuery<Affiliate> = {
      $and: [{ $or: [{ activeFrom: null }, { activeFrom: { $lte: now } }] }, { $or: [{ activeTo: null }, { activeTo: { $gt: now } }] }],
    };
    return (await this.em.fork().find(Affiliate, where, { orderBy: [...ORDER] })).map(toAffiliateDto);
  }

  /** Every affiliate, active or not (the admins' list), optionally filtered by name. */
  async search(body: AffiliateSearchBody, query: PageQuery): Promise<Page<AffiliateDto>> {
    const where: FilterQuery<Affiliate> = body.name ? { name: { $ilike: `%${body.name.replace(/[\\%_]/g, '\\$&')}%` } } : {};
    const [rows, total] = await this.em.fork().findAndCount(Affiliate, where, { orderBy: [...ORDER], limit: query.pageSize, offset: query.offset });
    return toPage(rows.map(toAffiliateDto), total, query);
  }

  async details(id: number): Promise<AffiliateDto> {
    return toAffiliateDto(await this.find(this.em.fork(), id));
  }

  /** Creates (no `id`) or updates an affiliate with its new icon and banner, if uploaded (webp). A banner needs a paid (monetized) affiliate. */
  async save(admin: Principal, body: AffiliateBody, uploads: UploadedImages<AffiliatePicture> = {}): Promise<AffiliateDto> {
    const activeFrom = body.activeFrom ? new Date(body.activeFrom) : null;
    const activeTo = body.activeTo ? new Date(body.activeTo) : null;
    if (activeFrom && activeTo && activeTo <= activeFrom) throw invalidField('activeTo', 'activeTo must be after activeFrom');
    if (uploads.banner?.length && !body.monetized) throw invalidField('banner', 'only paid (monetized) affiliates show a banner');
    const icon = await this.images.prepare(uploads.icon?.[0], ICON_BOUNDS, 'icon');
    const banner = await this.images.prepare(uploads.banner?.[0], BANNER_BOUNDS, 'banner');
    const id = await this.em.transactional(async (em) => {
      const fields = {
        name: body.name,
        affiliateUrl: body.affiliateUrl,
        monetized: body.monetized ?? false,
        activeFrom,
        activeTo,
        ...(body.position !== undefined ? { position: body.position } : {}),
      };
      const found = body.id ? await this.find(em, body.id) : null;
      const before = found && snapshotOf(found, AFFILIATE_AUDITED_FIELDS);
      const affiliate = found ? em.assign(found, fields) : em.create(Affiliate, fields);
      this.images.setIcon(em, affiliate, icon);
      this.images.setImage(em, affiliate, 'banner', banner);
      if ((!affiliate.monetized || body.removeBanner) && !banner && affiliate.banner) {
        em.remove(affiliate.banner);
        affiliate.banner = null;
      }
      await em.flush();
      recordDomainEvent(em, 'AffiliateChanged', aggregate(affiliate.id), { affiliateId: affiliate.id });
      const after = snapshotOf(affiliate, AFFILIATE_AUDITED_FIELDS);
      recordStaffSave(em, admin, { kind: 'affiliate', entityId: affiliate.id, label: affiliate.name, before, after });
      await em.flush();
      return affiliate.id;
    });
    return this.details(id);
  }

  remove(admin: Principal, id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const affiliate = await this.find(em, id);
      const before = snapshotOf(affiliate, AFFILIATE_AUDITED_FIELDS);
      recordStaffDeletion(em, admin, { kind: 'affiliate', entityId: id, label: affiliate.name, before });
      if (affiliate.icon) em.remove(affiliate.icon);
      if (affiliate.banner) em.remove(affiliate.banner);
      em.remove(affiliate);
      recordDomainEvent(em, 'AffiliateChanged', aggregate(id), { affiliateId: id });
    });
  }

  private find(em: EntityManager, id: number): Promise<Affiliate> {
    return findOrNotFound(em, Affiliate, 'Affiliate', id);
  }
}
