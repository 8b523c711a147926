import { Module } from '@nestjs/common';
import { CompetitionsModule } from '../competitions/index.js';
import { ProfilesModule } from '../profiles/index.js';
import { CalendarController } from './calendar.controller.js';
import { CalendarService } from './calendar.service.js';

/** Calendar feeds (iCalendar) of the league's races, and each driver's private feed of their own. */
@Module({
  imports: [CompetitionsModule, ProfilesModule],
  controllers: [CalendarController],
  providers: [CalendarService],
})
export class CalendarModule {}
