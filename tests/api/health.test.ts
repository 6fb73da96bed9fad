import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "../../src/server/db/client";
import {
  databaseCheck,
  migrationsCheck,
  type ReadinessCheck,
} from "../../src/server/health/checks";
import { healthRoutes } from "../../src/server/health/routes";
import { createTestApp } from "../helpers/app";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

describe("GET /api/health and /api/ready", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answer in the app without a session, with nothing but the checks", async () => {
    const health = await t.app.request("/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await t.app.request("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", jobs: "ok", files: "ok" },
    });
  });
});

describe("readiness checks", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const ready = async (checks: ReadinessCheck[], shutdown?: AbortSignal) => {
    const res = await healthRoutes({ checks, shutdown }).request("/ready");
    return { status: res.status, body: await res.json() };
  };

  it("name a migration that is not applied", async () => {
    const { db } = database;
    await db.execute(sql`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const answer = await ready([databaseCheck(db), migrationsCheck(db)]);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      status: "not_ready",
      checks: { database: "ok", migrations: expect.stringMatching(/^\d+ of \d+ applied$/) },
    });
    const [, applied, committed] = /^(\d+) of (\d+)/.exec(answer.body.checks.migrations) ?? [];
    expect(Number(committed)).toBeGreaterThan(1);
    expect(Number(applied)).toBe(Number(committed) - 1);
  });

  it("say the database is unreachable once it is gone", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const gone = serverUrl ? openPostgres(serverUrl, { max: 1 }) : await openPglite();
    await gone.close();
    expect(await ready([databaseCheck(gone.db), migrationsCheck(gone.db)])).toEqual({
      status: 503,
      body: { status: "not_ready", checks: { database: "unreachable", migrations: "not applied" } },
    });
  });

  it("count a check that does not answer within 2 s as failed, and hide what a check threw", async () => {
    const jobs: ReadinessCheck = { name: "jobs", check: () => new Promise(() => {}) };
    const broken: ReadinessCheck = {
      name: "mail",
      check: () => Promise.reject(new Error("smtp://user:password@host refused")),
    };
    expect(await ready([databaseCheck(database.db), jobs, broken])).toEqual({
      status: 503,
      body: { status: "not_ready", checks: { database: "ok", jobs: "timed out", mail: "failed" } },
    });
  });

  it("turn false as soon as the server starts to stop", async () => {
    const stopping = new AbortController();
    stopping.abort();
    expect(await ready([databaseCheck(database.db)], stopping.signal)).toEqual({
      status: 503,
      body: { status: "stopping" },
    });
  });
});
