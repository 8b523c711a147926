import { Index, ManyToOne } from '@mikro-orm/decorators/legacy';
import { StoredImage } from './stored-image.entity.js';

/**
 * A row's optional picture (an icon, a banner, a screenshot): a stored image, indexed so that deleting
 * the image finds its owners, which then keep no picture (ON DELETE SET NULL).
 */
export function PictureRef(): (owner: object, property: string) => void {
  const relation = ManyToOne(() => StoredImage, { nullable: true, deleteRule: 'set null' });
  const index = Index();
  return (owner, property) => {
    index(owner, property as never);
    relation(owner, property);
  };
}
