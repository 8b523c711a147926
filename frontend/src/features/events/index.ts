// The events feature's public face: what other features and app/ use. Screens are not here: app/areas
// loads each lazily by its own path, so an import of this index never pulls a page into a chunk.
export { eventCommands, eventKeys, eventQueries, NEXT_PLANNED_PAGE, useAttachVideo } from './api.js';
export type { EventKind, EventListFilters, PageRequest, PlatformFilter } from './api.js';
export { applyAttendance, applyMyAttendance, applyOwnEventChange, applyOwnLive, eventsChangedEcho, liveChangedEcho } from './cache.js';
export { eventDetailsPath, eventLinkTarget } from './eventLinkTarget.js';
export { CAR_TUNING_LABELS, CAR_UPGRADE_LABELS, COMPETITION_STYLE_LABELS, PLATFORM_LABELS, RACE_TYPE_LABELS, raceDistance, trackTitle } from './labels.js';
export { nextRaceLabel } from './nextRaceLabel.js';
export type * from './types.js';
export { useNextPlannedEvent } from './useNextPlannedEvent.js';
export { AttendeeList } from './components/AttendeeList.js';
export { EventCard } from './components/EventCard.js';
export { RaceEventsList } from './components/RaceEventsList.js';
export { SeatsAvailable } from './components/SeatsAvailable.js';
