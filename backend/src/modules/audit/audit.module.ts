import { Module } from '@nestjs/common';
import { UsersModule } from '../users/index.js';
import { AuditController } from './audit.controller.js';
import { AuditService } from './audit.service.js';

/**
 * The audit log: other modules write it with `recordStaffChange` (audit-log.ts) inside their change's
 * transaction; admins read it here.
 */
@Module({
  imports: [UsersModule],
  controllers: [AuditController],
  providers: [AuditService],
})
export class AuditModule {}
