import { Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import type { Page } from '../../contracts/api.js';
import type { AuditLogEntryDto } from '../../contracts/audit.js';
import { AuditQuery } from './audit.dto.js';
import { AuditService } from './audit.service.js';

/** The audit log of staff changes: admins read it; nothing edits it (no update or delete routes, and the table refuses them). */
@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Endpoint('GET /audit')
  page(@Query() query: AuditQuery): Promise<Page<AuditLogEntryDto>> {
    return this.audit.page(query);
  }
}
