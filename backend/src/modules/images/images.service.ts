import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { reencodeAsWebp, type ImageBounds, type UploadedImage, type WebpImage } from './image-upload.js';
import { StoredImage } from './stored-image.entity.js';

/** Something that shows a stored image as its icon. */
export interface HasIcon {
  icon: StoredImage | null;
}

/** Stores uploads (after the shared webp pipeline) and serves them. */
@Injectable()
export class ImagesService {
  constructor(private readonly em: EntityManager) {}

  /** Decodes and re-encodes an optional upload; call before opening the transaction that saves it. */
  async prepare(upload: UploadedImage | undefined, bounds: ImageBounds, field = 'icon'): Promise<WebpImage | null> {
    return upload ? reencodeAsWebp(upload.buffer, bounds, field) : null;
  }

  /** Gives `owner` the new image (if any) and deletes the one it replaces, in `em`'s transaction. */
  setIcon(em: EntityManager, owner: HasIcon, image: WebpImage | null): void {
    this.setImage(em, owner, 'icon', image);
  }

  /** As `setIcon`, for an owner's other picture (a competition's `banner`). */
  setImage<K extends string>(em: EntityManager, owner: Record<K, StoredImage | null>, key: K, image: WebpImage | null): void {
    if (!image) return;
    const previous = owner[key];
    owner[key] = this.store(em, image);
    this.discard(em, previous);
  }

  /** Stores a new image in `em`'s transaction, for an owner that keeps several (a product's pictures). */
  store(em: EntityManager, image: WebpImage): StoredImage {
    return em.create(StoredImage, { id: randomUUID(), data: image.data, width: image.width, height: image.height });
  }

  /** Deletes an image, if any, in `em`'s transaction. */
  discard(em: EntityManager, image: StoredImage | null): void {
    if (image) em.remove(image);
  }

  /** Deletes `owner`'s image, if any, in `em`'s transaction (call when deleting the owner). */
  removeIcon(em: EntityManager, owner: HasIcon): void {
    this.discard(em, owner.icon);
  }

  async read(id: string): Promise<Buffer | null> {
    const image = await this.em.fork().findOne(StoredImage, id, { populate: ['data'] });
    return image?.data ?? null;
  }
}
