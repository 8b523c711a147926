import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PushRead } from '../../infra/outbox/push-subscribers.js';
import { DriverRecordService } from './driver-record.service.js';

/** Drivers' profiles follow their results: once a season's standings are stored, its drivers' pages refetch results and stats (`driver.results.changed` in contracts/pushes.ts). */
@Injectable()
export class DriverRecordHandlers {
  constructor(private readonly records: DriverRecordService) {}

  @PushRead('driversOfSeason')
  driversOfSeason(em: EntityManager, seasonId: number): Promise<number[]> {
    return this.records.driversOfSeason(em, seasonId);
  }
}
