import { Collection, type Opt } from '@mikro-orm/core';
import { Check, Entity, OneToMany, Property } from '@mikro-orm/decorators/legacy';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { DownloadCategory } from '../../contracts/community.js';
import type { StoredImage } from '../images/stored-image.entity.js';
import { PictureRef } from '../images/index.js';
import { CreatedAtEntity, SerialIdEntity } from '../../infra/database/serial-id-entity.js';
import { OwnedBy } from '../../infra/database/owned-by.js';

/** A partner of the league (SPEC §3 Affiliate), shown on Home between `activeFrom` and `activeTo`; paid ones (`monetized`) may have a banner. */
@Entity({ tableName: 'affiliates' })
export class Affiliate extends CreatedAtEntity {
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 500 })
  affiliateUrl!: string;

  @PictureRef()
  icon: StoredImage | null = null;

  @PictureRef()
  banner: StoredImage | null = null;

  @Property({ type: 'boolean', defaultRaw: 'false' })
  monetized: boolean & Opt = false;

  @Property({ type: 'timestamptz', nullable: true })
  activeFrom: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  activeTo: Date | null = null;

  @Property({ type: 'integer', defaultRaw: '0' })
  position: number & Opt = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

/** A product of the Merchandise page, sold in an external shop. */
@Entity({ tableName: 'products' })
export class Product extends CreatedAtEntity {
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'string', length: 40 })
  price!: string;

  @Property({ type: 'string', length: 20 })
  currency!: string;

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  variants: string[] & Opt = [];

  @Property({ type: 'string', length: 500 })
  shopUrl!: string;

  @Property({ type: 'boolean', defaultRaw: 'true' })
  available: boolean & Opt = true;

  @Property({ type: 'integer', defaultRaw: '0' })
  position: number & Opt = 0;

  @OneToMany(() => ProductImage, (image) => image.product, { orderBy: { position: 'asc' } })
  images = new Collection<ProductImage>(this);
}

/** One picture of a product (webp, through the images pipeline), in order. */
@Entity({ tableName: 'product_images' })
export class ProductImage extends SerialIdEntity {
  @OwnedBy(() => Product)
  product!: Product;

  @OwnedBy(entityNamed<StoredImage>('StoredImage'))
  image!: StoredImage;

  @Property({ type: 'integer', defaultRaw: '0' })
  position: number & Opt = 0;
}

/** A file the league shares (rulebook, setup, livery, skin …); its uploads are its versions. */
@Entity({ tableName: 'downloads' })
@Check({ name: 'downloads_category_known', expression: "category in ('RULEBOOK','SETUP','LIVERY','SKIN','OTHER')" })
export class Download extends CreatedAtEntity {
  @Property({ type: 'string', length: 150 })
  title!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  game: string | null = null;

  @Property({ type: 'string', length: 20 })
  category!: DownloadCategory;

  @Property({ type: 'string', length: 40, nullable: true })
  version: string | null = null;

  @Property({ type: 'text', nullable: true })
  notes: string | null = null;

  @OneToMany(() => DownloadFile, (file) => file.download, { orderBy: { id: 'desc' } })
  files = new Collection<DownloadFile>(this);

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

/** One uploaded version of a download, stored on disk under `storedName` (never the uploader's name). */
@Entity({ tableName: 'download_files' })
export class DownloadFile extends SerialIdEntity {
  @OwnedBy(() => Download)
  download!: Download;

  @Property({ type: 'string', length: 64, unique: true })
  storedName!: string;

  /** The safe name it is downloaded as. */
  @Property({ type: 'string', length: 150 })
  fileName!: string;

  @Property({ type: 'string', length: 100 })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'string', length: 40, nullable: true })
  version: string | null = null;

  @Property({ type: 'integer', defaultRaw: '0' })
  downloadCount: number & Opt = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  uploadedAt: Date & Opt = new Date();
}

/** The community module's tables beside the headlines. */
export const COMMUNITY_MORE_ENTITIES = [Affiliate, Product, ProductImage, Download, DownloadFile] as const;
