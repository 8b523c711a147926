import { TextField } from '../../../common/dto-fields.js';
import type { ApplyRoleSyncRequest } from '../../../contracts/discord-roles.js';

/** `POST /api/admin/discord/roles/sync`: the plan's version the admin reviewed. */
export class ApplyRoleSyncBody implements ApplyRoleSyncRequest {
  @TextField(64, '3f1c2a9b0d4e5f60')
  version!: string;
}
