/**
 * Events and their races as another module's SQL may read them, where a read joins them with its own tables
 * in one statement (`join ${EVENT_RACES} r on r.id = rr.race_id`). PostgreSQL inlines the subqueries: they
 * cost what joins on the tables cost, and the tables stay this module's own.
 */
export const LEAGUE_EVENTS = '(select id, name, season_id, starts_at, published from events)';

/** Races with their event: `race_event_position` orders a race's race event within the event, `position` the race within it. */
export const EVENT_RACES =
  '(select r.id, r.race_event_type, r.position, re.event_id, re.position as race_event_position from races r join race_events re on re.id = r.race_event_id)';

/** Who entered which event, and for which team. */
export const EVENT_ENTRIES = '(select event_id, profile_id, team_id from event_attendance)';
