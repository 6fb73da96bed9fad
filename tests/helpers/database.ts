import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { databaseUrl, onServer } from "../../scripts/postgres-admin";
import { type Database, openPglite, openPostgres } from "../../src/server/db/client";

export type TestDatabase = Database & { drop(): Promise<void>; url?: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite image's tarball (tests/helpers/migrated-image.ts). */
    pgliteImage: string;
    /** The migrated PostgreSQL database every test database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL, dropped afterwards. Both are
 * copies of the one migrated database the run made first (tests/helpers/migrated-image.ts):
 * a copy costs a third of a fresh start and none of the migrations.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite(undefined, new Blob([readFileSync(inject("pgliteImage"))]));
    return { ...database, drop: () => database.close() };
  }

  const name = `hed_test_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `create database ${name} template ${inject("postgresTemplate")}`);
  const url = databaseUrl(serverUrl, name);
  const database = openPostgres(url, { max: 4 });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
