/**
 * Teams as another module's SQL may read them, where a read joins them with its own rows in one statement
 * (`join ${TEAM_NAMES} t on t.id = a.team_id`). PostgreSQL inlines the subquery: it costs what a join on the
 * table costs, and the table stays this module's own.
 */
export const TEAM_NAMES = '(select id, name from teams)';
