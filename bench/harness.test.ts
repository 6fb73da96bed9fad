import { describe, expect, it } from "vitest";
import { runBench } from "./harness";

// Proves the harness end to end at a small size: seed, production server, every case, the
// decisions' and the audit trail's cases over a short trail, live fan-out, page JS, Lighthouse on
// one page (and on PostgreSQL the floor). Timings are printed by npm run bench, never
// asserted here: only that every case answered, without errors.
const postgresUrl = process.env.TEST_DATABASE_URL;

describe(`the load benchmark on ${postgresUrl ? "PostgreSQL" : "PGlite"}, small`, () => {
  it("answers every case without errors", async () => {
    const results = await runBench({
      sizes: {
        users: 20,
        tasks: 1000,
        engagements: 50,
        auditEvents: 300,
        receipts: 500,
        markingsPerTask: 3,
        dispatches: 150,
        seed: 42,
      },
      pgliteAuditEvents: 300,
      pgliteRegisters: { receipts: 500, dispatches: 150 },
      auditRuns: 5,
      duration: 2,
      connections: 4,
      liveReaders: 20,
      engines: [postgresUrl ? "postgres" : "pglite"],
      postgresUrl: postgresUrl ?? "",
      workers: 2,
      // Beside the PGlite run, the PostgreSQL pass moves its ports (scripts/test-postgres.mjs).
      basePort: 3960 + Number(process.env.TEST_PORT_OFFSET ?? 0),
      // One page proves the Lighthouse run (about 15 s a page); the PostgreSQL pass skips it.
      lighthousePaths: postgresUrl ? [] : ["/auth"],
      // The 5 MB files on both stores, once (on the PGlite pass).
      fileDrivers: postgresUrl ? [] : ["local", "s3"],
      log: () => {},
    });
    expect(results.cases.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        "1 admin task list",
        "1 admin task list, 4 conn.",
        "2 overdue + assignee",
        "3 user's own list",
        "4 task stats",
        "5 report 365 days",
        "6 engagements week",
        "7 sign-in",
        "8 due next",
        ...(postgresUrl ? ["1 admin task list, 1 worker"] : []),
      ]),
    );
    for (const row of results.cases) {
      expect(row, row.name).toMatchObject({ non2xx: 0, errors: 0 });
      expect(row.requests, row.name).toBeGreaterThan(0);
    }
    expect(results.sequential.map((row) => row.name)).toEqual([
      "decisions page 1",
      "decisions status=overdue",
      "pendency dashboard",
      "daily brief",
      "follow-up meeting",
      "history, admin",
      "history, assignee",
      "audit page 1",
      "audit entity=task",
      "audit actor=admin",
      "audit actor=user",
      "history, no events",
      "audit status, first",
      "audit status, again",
      "diary register page 1",
      "diary register, user",
      "dispatch register page 1",
      "search by diary number",
      "search by running number",
      "search by number, user",
      "search by a word found nowhere",
      "task movement",
      "with me, user",
      "marked by me, user",
    ]);
    for (const row of results.sequential) {
      expect(row, row.name).toMatchObject({ non2xx: 0 });
      expect(row.runs, row.name).toBeGreaterThan(0);
    }
    const [decisions, , pendency, , followUp, history, , page] = results.sequential;
    expect(decisions.items).toBeGreaterThan(0);
    expect(pendency.items).toBeGreaterThan(0);
    expect(followUp.items).toBeGreaterThan(0);
    expect(history.items).toBe(200);
    expect(page.items).toBeGreaterThanOrEqual(300);
    const items = (name: string) => results.sequential.find((row) => row.name === name)?.items;
    expect(items("diary register page 1")).toBe(500);
    expect(items("diary register, user")).toBeGreaterThan(0);
    expect(items("diary register, user")).toBeLessThan(500);
    expect(items("dispatch register page 1")).toBe(150);
    expect(items("search by diary number")).toBeGreaterThan(0);
    expect(items("search by a word found nowhere")).toBe(0);
    // The seed's three holdings of the history task, in its movement.
    expect(items("task movement")).toBe(3);
    expect(results.files.map((row) => `${row.driver} ${row.direction}`)).toEqual(
      postgresUrl ? [] : ["local upload", "local download", "s3 upload", "s3 download"],
    );
    for (const row of results.files) {
      expect(row, `${row.driver} ${row.direction}`).toMatchObject({ non2xx: 0, errors: 0 });
      expect(row.requestsPerSecond).toBeGreaterThan(0);
    }
    const [engine] = results.engines;
    expect(engine.live).toMatchObject({ readers: 20, missed: 0 });
    expect(engine.digest?.people).toBeGreaterThan(0);
    expect(engine.xlsx?.fresh.rows).toBeGreaterThanOrEqual(1000);
    expect(engine.xlsx?.afterCases.rows).toBe(engine.xlsx?.fresh.rows);
    // Case 1's page as a browser gets it: smaller in gzip and in brotli than plain.
    const bytes = engine.case1Bytes;
    expect(bytes?.identity).toBeGreaterThan(1024);
    expect(bytes?.gzip).toBeGreaterThan(0);
    expect(bytes?.br).toBeGreaterThan(0);
    expect(bytes?.gzip).toBeLessThan(bytes?.identity ?? 0);
    expect(bytes?.br).toBeLessThan(bytes?.identity ?? 0);
    expect(results.pageJs?.map((page) => `${page.path} ${page.locale}`)).toEqual([
      "/auth en-US",
      "/auth ur-PK",
      "/admin en-US",
    ]);
    for (const page of results.pageJs ?? []) {
      expect(page.gzipBytes).toBeGreaterThan(0);
      expect(page.rounds).toBeGreaterThan(0);
    }
    if (!postgresUrl) {
      expect(results.lighthouse?.map((page) => page.path)).toEqual(["/auth"]);
      for (const page of results.lighthouse ?? []) {
        expect(page.performance).toBeGreaterThan(0);
        expect(page.lcp).toBeGreaterThan(0);
        expect(page.requests).toBeGreaterThan(0);
      }
    }
    if (postgresUrl) {
      // The floor at one process and at the app's two workers, each case measured against
      // the floor of as many.
      expect(results.floors.map((floor) => floor.workers)).toEqual([1, 2]);
      for (const floor of results.floors) expect(floor).toMatchObject({ non2xx: 0, errors: 0 });
      const caseOne = (workers: number) =>
        results.cases.find(
          (row) =>
            row.engine === "postgres" && row.workers === workers && row.name.startsWith("1 "),
        );
      expect(caseOne(2)?.ratioToFloor).toBeGreaterThan(0);
      expect(caseOne(1)?.p99ToFloor).toBeGreaterThan(0);
    }
  });
});
