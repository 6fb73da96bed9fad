import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * One part of readiness. `check` resolves when the part is fine and rejects otherwise; the
 * rejection's message is shown to whoever asks, so it must be a fixed, secret-free text.
 */
export type ReadinessCheck = { name: string; check(): Promise<void> };

export class NotReady extends Error {}

/** drizzle-kit's record of the committed migrations, beside the SQL files migrate.ts applies. */
const JOURNAL = fileURLToPath(new URL("../../../drizzle/meta/_journal.json", import.meta.url));

let committed: { count: number; last: number } | undefined;
function committedMigrations() {
  if (!committed) {
    const journal = JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: { when: number }[] };
    committed = {
      count: journal.entries.length,
      last: Math.max(...journal.entries.map((entry) => entry.when)),
    };
  }
  return committed;
}

export function databaseCheck(db: Db): ReadinessCheck {
  return {
    name: "database",
    async check() {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new NotReady("unreachable");
      }
    },
  };
}

/**
 * Drizzle's migrator records each applied migration with the journal's `when`, and applies
 * every one newer than the last it recorded: all are applied when the last ones match.
 */
export function migrationsCheck(db: Db): ReadinessCheck {
  return {
    name: "migrations",
    async check() {
      const expected = committedMigrations();
      let applied: { count: number; last: number | null };
      try {
        const result = (await db.execute(sql`
          select count(*)::int as count, max(created_at)::float8 as last
          from drizzle.__drizzle_migrations`)) as unknown as {
          rows: { count: number; last: number | null }[];
        };
        applied = result.rows[0];
      } catch {
        throw new NotReady("not applied");
      }
      if (applied.last === null || applied.last < expected.last) {
        throw new NotReady(`${applied.count} of ${expected.count} applied`);
      }
    },
  };
}
