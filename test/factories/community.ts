import type { EntityManager } from '@mikro-orm/postgresql';
import { Affiliate, Product } from '../../backend/src/modules/community/community.entities.js';
import { nextNumber } from './sequence.js';

/** An affiliate shown now (no active window), free unless `monetized`. */
export async function newAffiliate(
  em: EntityManager,
  fields: Partial<Pick<Affiliate, 'name' | 'affiliateUrl' | 'monetized' | 'activeFrom' | 'activeTo' | 'position'>> = {},
): Promise<Affiliate> {
  const affiliate = em.create(Affiliate, { name: `Affiliate ${nextNumber()}`, affiliateUrl: 'https://partner.example/', ...fields });
  await em.flush();
  return affiliate;
}

/** A product of the Merchandise page, available, without pictures. */
export async function newProduct(
  em: EntityManager,
  fields: Partial<Pick<Product, 'name' | 'price' | 'currency' | 'variants' | 'shopUrl' | 'available' | 'position'>> = {},
): Promise<Product> {
  const product = em.create(Product, { name: `Product ${nextNumber()}`, price: '25.00', currency: 'EUR', shopUrl: 'https://shop.example/item', ...fields });
  await em.flush();
  return product;
}

/** File contents as they start on disk: a tiny PDF, zip, JSON setup, and a Windows executable. */
export const FILES = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  // An empty zip archive: just the end-of-central-directory record.
  zip: () => Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]),
  json: () => Buffer.from(JSON.stringify({ car: 'Porsche 911 GT3 R', tyrePressures: [27.5, 27.5, 27.1, 27.1] })),
  exe: () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(120)]),
};
