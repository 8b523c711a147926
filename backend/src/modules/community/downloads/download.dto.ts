import { OneOfField, OptionalIdField, OptionalTextField, TextField } from '../../../common/dto-fields.js';
import { DOWNLOAD_CATEGORIES, type DownloadCategory, type DownloadRequest } from '../../../contracts/community.js';

/** The `download` part of `PUT /api/downloads/admin` (multipart, with `file`): with `id` it updates, and a file is a new version. */
export class DownloadBody implements DownloadRequest {
  @OptionalIdField()
  id?: number;

  @TextField(150, 'Season 4 rulebook')
  title!: string;

  @OptionalTextField(100, 'The game it is for')
  game?: string | null;

  @OneOfField(DOWNLOAD_CATEGORIES)
  category!: DownloadCategory;

  @OptionalTextField(40, 'e.g. 1.2')
  version?: string | null;

  @OptionalTextField(2000)
  notes?: string | null;
}
