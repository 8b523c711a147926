import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/principal.js';
import type { ProductDto } from '../../../contracts/community.js';
import { recordDomainEvent } from '../../../infra/outbox/domain-events.js';
import { recordStaffDeletion, recordStaffSave, snapshotOf } from '../../audit/index.js';
import { BANNER_BOUNDS, imageUrl, type UploadedImages, type WebpImage, ImagesService } from '../../images/index.js';
import { Product, ProductImage } from '../community.entities.js';
import { PRODUCT_IMAGE_SLOTS, type ProductBody, type ProductImageSlot } from './product.dto.js';
import { findOrNotFound } from '../../../common/find-or-not-found.js';

const aggregate = (id: number) => ({ type: 'product', id });
/** What the audit log keeps of a product (pictures are left out). */
const PRODUCT_AUDITED_FIELDS = ['name', 'description', 'price', 'currency', 'variants', 'shopUrl', 'available', 'position'] as const;

export function toProductDto(product: Product): ProductDto {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    images: product.images
      .getItems()
      .toSorted((a, b) => a.position - b.position)
      .map((picture) => imageUrl(picture.image.id)!),
    price: product.price,
    currency: product.currency,
    variants: product.variants,
    shopUrl: product.shopUrl,
    available: product.available,
    position: product.position,
  };
}

/** The Merchandise page's products: admins keep them; every change commits with `ProductChanged`, which pushes it live. */
@Injectable()
export class MerchandiseService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
  ) {}

  /** Every product, by position then name (sold-out ones say so). */
  async list(): Promise<ProductDto[]> {
    const products = await this.em.fork().find(Product, {}, { populate: ['images'], orderBy: [{ position: 'asc' }, { name: 'asc' }, { id: 'asc' }] });
    return products.map(toProductDto);
  }

  async details(id: number): Promise<ProductDto> {
    return toProductDto(await this.find(this.em.fork(), id));
  }

  /** Creates (no `id`) or updates a product; each uploaded picture (webp) takes its slot, `removeImages` empties slots. */
  async save(admin: Principal, body: ProductBody, uploads: UploadedImages<ProductImageSlot> = {}): Promise<ProductDto> {
    const pictures = new Map<number, WebpImage>();
    for (const [slot, field] of PRODUCT_IMAGE_SLOTS.entries()) {
      const image = await this.images.prepare(uploads[field]?.[0], BANNER_BOUNDS, field);
      if (image) pictures.set(slot, image);
    }
    const id = await this.em.transactional(async (em) => {
      const fields = {
        name: body.name,
        description: body.description || null,
        price: body.price,
        currency: body.currency,
        variants: body.variants ?? [],
        shopUrl: body.shopUrl,
        available: body.available ?? true,
        ...(body.position !== undefined ? { position: body.position } : {}),
      };
      const found = body.id ? await this.find(em, body.id) : null;
      const before = found && snapshotOf(found, PRODUCT_AUDITED_FIELDS);
      const product = found ? em.assign(found, fields) : em.create(Product, fields);
      const emptied = new Set([...(body.removeImages ?? []), ...pictures.keys()]);
      for (const picture of product.images.getItems()) {
        if (!emptied.has(picture.position)) continue;
        this.images.discard(em, picture.image);
        em.remove(picture);
      }
      for (const [position, image] of pictures) {
        em.create(ProductImage, { product, image: this.images.store(em, image), position });
      }
      await em.flush();
      recordDomainEvent(em, 'ProductChanged', aggregate(product.id), { productId: product.id });
      const after = snapshotOf(product, PRODUCT_AUDITED_FIELDS);
      recordStaffSave(em, admin, { kind: 'product', entityId: product.id, label: product.name, before, after });
      await em.flush();
      return product.id;
    });
    return this.details(id);
  }

  remove(admin: Principal, id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const product = await this.find(em, id);
      const before = snapshotOf(product, PRODUCT_AUDITED_FIELDS);
      recordStaffDeletion(em, admin, { kind: 'product', entityId: id, label: product.name, before });
      for (const picture of product.images.getItems()) this.images.discard(em, picture.image);
      em.remove(product);
      recordDomainEvent(em, 'ProductChanged', aggregate(id), { productId: id });
    });
  }

  private find(em: EntityManager, id: number): Promise<Product> {
    return findOrNotFound(em, Product, 'Product', id, { populate: ['images'] });
  }
}
