import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/server/audit/record";
import { type Database, openEmbedded, openPostgres } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { onPostgres } from "./support";

const run = promisify(execFile);

describe("npm run audit:verify", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "hed-audit-"));
  let server: TestDatabase | undefined;

  /** The database the script will read, opened here while the script is not running. */
  async function open(): Promise<Database> {
    return server?.url ? openPostgres(server.url, { max: 1 }) : openEmbedded(dataDir);
  }

  async function verify(): Promise<{ code: number; out: string }> {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: server?.url ?? "" };
    try {
      const { stdout } = await run("node", ["--import", "tsx", "scripts/audit-verify.ts"], { env });
      return { code: 0, out: stdout };
    } catch (err) {
      const failed = err as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  }

  beforeAll(async () => {
    if (onPostgres) server = await createTestDatabase();
    const database = await open();
    try {
      if (!server) await migrate(database);
      await database.db.transaction((tx) =>
        recordAudit(tx, new Date("2026-11-25T05:00:00Z"), [
          { actor: { rule: "overdue_sweep" }, entity: "task", entityId: "a", action: "updated" },
          { actor: { rule: "overdue_sweep" }, entity: "task", entityId: "b", action: "updated" },
        ]),
      );
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("exits 0 on an intact trail and 1, naming the row, on an altered one", async () => {
    expect(await verify()).toEqual({ code: 0, out: "audit trail verified: 2 events, up to #2\n" });

    const database = await open();
    try {
      await database.db.execute(
        sql`alter table audit_events disable trigger audit_events_no_update`,
      );
      await database.db.execute(sql`update audit_events set entity_id = 'c' where id = 2`);
      await database.db.execute(
        sql`alter table audit_events enable trigger audit_events_no_update`,
      );
    } finally {
      await database.close();
    }
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain("audit trail broken at #2:");
    // Two runs of the script under tsx: over 30 s beside the rest of CI on two cores.
  }, 120_000);
});
