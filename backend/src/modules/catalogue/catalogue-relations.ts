/**
 * Catalogue rows as another module's SQL may read them, for boards that page or sort in one statement
 * (`join ${CAR_NAMES} c on c.id = t.car_id`). PostgreSQL inlines the subqueries: they cost what joins on the
 * tables cost, and the tables stay this module's own.
 */
export const CAR_NAMES = '(select id, name, icon_id from cars)';

/** Track variants with their track's name and their game. */
export const TRACK_VARIANT_GAMES = `(select v.id, v.name, t.name as track_name, g.id as game_id, g.name as game_name, g.icon_id as game_icon_id, g.platforms, g.cross_play_platforms
  from track_variants v join tracks t on t.id = v.track_id join games g on g.id = t.game_id)`;

export const GAME_PLATFORMS = '(select id, platforms from games)';
