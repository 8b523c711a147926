/** The check constraint of a `platforms text[]` column that must name at least one platform (games, events). */
export const PLATFORMS_KNOWN = "platforms <@ array['PC','XBOX','PLAYSTATION']::text[] and cardinality(platforms) > 0";
