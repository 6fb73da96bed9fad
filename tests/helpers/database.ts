import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";

export type TestDatabase = Database & { drop(): Promise<void>; url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite();
    await migrate(database);
    return { ...database, drop: () => database.close() };
  }

  const name = `hed_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 4 });
  await migrate(database);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
