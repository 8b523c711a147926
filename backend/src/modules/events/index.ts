/** The events module's public face: league events, their races and attendance, GraphQL types. */
export { LeagueEventsModule } from './events.module.js';
export { AttendanceService } from './attendance.service.js';
export { EventRoomPolicy } from './event-room.policy.js';
export { EventsService, eventAggregate, seesUnpublished } from './events.service.js';
export { eventLink, trackNames } from './event-announcements.js';
export {
  entrants,
  entryTeams,
  eventsAfter,
  eventsStartedBetween,
  linkableEvents,
  linkToSeason,
  publishedEventsStartingBetween,
  raceNaming,
  raceOfEvent,
  raceSetting,
  racesOf,
  roundPublished,
  roundsBefore,
  seasonRound,
  seasonRounds,
  type EventRef,
  type RaceOfEvent,
  type SeasonRound,
} from './event-calendar.js';
export { AttendeeType, CompetitionGameType, CompetitionStyleEnum, RaceEventTypeEnum, type GraphqlAttendee } from './graphql/event.types.js';
export { feedEvents, type FeedEvent, type FeedLineup, type FeedRace, type FeedSelection } from './event-feeds.js';
export { EVENT_ENTRIES, EVENT_RACES, LEAGUE_EVENTS } from './event-relations.js';
