import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/index.js';
import { TeamsService } from './teams.service.js';

/** Teams' data and rules (members by user id); the team screens' API is TeamsApiModule, which adds drivers' names and roles. */
@Module({ imports: [ImagesModule], providers: [TeamsService], exports: [TeamsService] })
export class TeamsModule {}
