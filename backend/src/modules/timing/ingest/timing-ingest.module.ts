import { Module } from '@nestjs/common';
import { TimingModule } from '../timing.module.js';
import { TimingIngestService } from './timing-ingest.service.js';

/** The worker's live timing ingesters (worker processes only: API instances never open a game server's port). */
@Module({
  imports: [TimingModule],
  providers: [TimingIngestService],
})
export class TimingIngestModule {}
