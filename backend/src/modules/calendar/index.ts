/** The calendar module's public face: iCalendar feeds of the league's races. */
export { CalendarModule } from './calendar.module.js';
