import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client";
import { migrationJournal } from "../db/migrate";
import type { Storage } from "../files/storage";
import type { JobRunner } from "../jobs/runner";

/**
 * One part of readiness. `check` resolves when the part is fine and rejects otherwise; the
 * rejection's message is shown to whoever asks, so it must be a fixed, secret-free text.
 */
export type ReadinessCheck = { name: string; check(): Promise<void> };

export class NotReady extends Error {}

let committed: { count: number; last: number } | undefined;
function committedMigrations() {
  if (!committed) {
    const { entries } = migrationJournal();
    committed = {
      count: entries.length,
      last: Math.max(...entries.map((entry) => entry.when)),
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
        [applied] = rowsOf<{ count: number; last: number | null }>(
          await db.execute(sql`
            select count(*)::int as count, max(created_at)::float8 as last
            from drizzle.__drizzle_migrations`),
        );
      } catch {
        throw new NotReady("not applied");
      }
      if (applied.last === null || applied.last < expected.last) {
        throw new NotReady(`${applied.count} of ${expected.count} applied`);
      }
    },
  };
}

/**
 * The job runner, once started, polls the jobs table; a poll that failed (the table is
 * unreachable) means queued mail waits. Not started (a script, a test), it has nothing to say.
 */
export function jobRunnerCheck(runner: JobRunner): ReadinessCheck {
  return {
    name: "jobs",
    async check() {
      const { polling, lastPollError } = runner.health();
      if (polling && lastPollError !== undefined) throw new NotReady("job runner failing");
    },
  };
}

/** The file store answers: a bucket it cannot reach is named (never its address or keys). */
export function storageCheck(storage: Storage): ReadinessCheck {
  return {
    name: "files",
    async check() {
      try {
        await storage.check();
      } catch {
        throw new NotReady(`${storage.name} unreachable`);
      }
    },
  };
}
