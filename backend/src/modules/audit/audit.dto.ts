import { DateTimeField, IdFilterField, OneOfField } from '../../common/dto-fields.js';
import { PageQuery } from '../../common/pagination.js';
import type { PageParams } from '../../contracts/api.js';
import { AUDIT_KINDS, type AuditFilter, type AuditKind } from '../../contracts/audit.js';

/** `GET /api/audit?actor&kind&from&to&pageNumber&pageSize`: newest first. */
export class AuditQuery extends PageQuery implements PageParams, AuditFilter {
  @IdFilterField({ inQuery: true, description: 'The user id of who made the changes', message: 'actor must be a user id' })
  actor?: number;

  @OneOfField(AUDIT_KINDS, { optional: true })
  kind?: AuditKind;

  @DateTimeField({ optional: true, dateOnly: true, description: 'Changes at or after this date or date-time' })
  from?: string;

  @DateTimeField({ optional: true, dateOnly: true, description: 'Changes before this date-time; a date alone includes that whole day (UTC)' })
  to?: string;
}
