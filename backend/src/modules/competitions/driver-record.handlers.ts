import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../../contracts/domain-events.js';
import { HandlesDomainEvent, type ExternalContext } from '../../infra/outbox/handles-domain-event.js';
import { DriverRecordService } from './driver-record.service.js';

/** Drivers' profiles follow their results: once a season's standings are stored (its points settled), its drivers' pages refetch results and stats. */
@Injectable()
export class DriverRecordHandlers {
  constructor(private readonly records: DriverRecordService) {}

  @HandlesDomainEvent('SeasonStandingsUpdated', { external: true })
  async pushDriverResults(event: DomainEvent<'SeasonStandingsUpdated'>, { em, push }: ExternalContext): Promise<void> {
    const profileIds = await this.records.driversOfSeason(em, event.payload.seasonId);
    if (profileIds.length) await push.send('everyone', 'driver.results.changed', { profileIds });
  }
}
