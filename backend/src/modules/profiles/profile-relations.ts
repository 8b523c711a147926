/**
 * Driver profiles as another module's SQL may read them, for a board that pages or sorts by a driver in the
 * same statement (`join ${DRIVER_NAMES} p on p.id = t.profile_id`). PostgreSQL inlines the subquery: it costs
 * what a join on the table costs, and the table stays this module's own.
 */
export const DRIVER_NAMES = '(select id, user_id, steam_id, driver_number, xbox_username, steam_username, psn_name, alternative_name, name, hidden from driver_profiles)';
