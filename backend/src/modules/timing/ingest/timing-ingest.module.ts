import { Module } from '@nestjs/common';
import { CompetitionsModule } from '../../competitions/index.js';
import { TimingModule } from '../timing.module.js';
import { TimingIngestService } from './timing-ingest.service.js';

/** The worker's live timing ingesters (worker processes only: API instances never open a game server's port). */
@Module({
  imports: [TimingModule, CompetitionsModule],
  providers: [TimingIngestService],
})
export class TimingIngestModule {}
