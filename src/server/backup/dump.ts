/** What a dump leaves beside its SQL file: facts taken from the same snapshot. */
export type Dump = { serverVersion: string; rowCounts: Record<string, number> };

/**
 * pg_dump's options on both engines: data only (the schema comes from our migrations on
 * restore), the application's schema only, and INSERT statements with column names, which
 * any PostgreSQL and PGlite can run as plain SQL (COPY blocks need psql).
 */
export const DUMP_ARGS = [
  "--data-only",
  "--schema=public",
  "--column-inserts",
  "--rows-per-insert=500",
  "--no-owner",
  "--no-privileges",
];
