import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * An uploaded picture, re-encoded to webp, kept in the database so every API instance serves it.
 * Its content never changes: a new upload is a new image, so it can be cached for a year.
 */
@Entity({ tableName: 'images' })
export class StoredImage {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'blob', lazy: true })
  data!: Buffer;

  @Property({ type: 'integer' })
  width!: number;

  @Property({ type: 'integer' })
  height!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

/** The images module's tables. */
export const IMAGES_ENTITIES = [StoredImage] as const;
