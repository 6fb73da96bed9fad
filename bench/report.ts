// Times the performance report (issue 7's target: under 50 ms p50 for 300 users and 100,000
// tasks on PostgreSQL) through the real service, on a fresh database it seeds and drops.
//
//   node --import tsx bench/report.ts [--users 300] [--tasks 100000] [--engagements 0] [--runs 50]
//
// Issue 19 reads it at 3,000 people, 1,000,000 tasks and 50,000 engagements (whose decisions
// the report counts too).
//
// POSTGRES_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openPostgres } from "../src/server/db/client";
import { createEventBus } from "../src/server/events/bus";
import { createReportService } from "../src/server/reports/service";
import { createOverdueSweeper } from "../src/server/tasks/overdue";
import { REPORT_RANGES } from "../src/shared/reports";
import { seed } from "./seed";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "300" },
    tasks: { type: "string", default: "100000" },
    engagements: { type: "string", default: "0" },
    runs: { type: "string", default: "50" },
  },
});
const serverUrl = process.env.POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `hed_bench_${process.pid}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

await admin(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
try {
  process.env.DATABASE_URL = url.toString();
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "hed-bench-files-"));
  const seeded = await seed({
    users: Number(values.users),
    tasks: Number(values.tasks),
    engagements: Number(values.engagements),
    seed: 42,
  });
  console.log(
    `seeded ${seeded.users} users, ${seeded.tasks} tasks and ${seeded.engagements} engagements in ${seeded.ms} ms`,
  );

  const database = openPostgres(url.toString());
  const clock = () => new Date();
  const timeZone = "Asia/Karachi";
  const sweeper = createOverdueSweeper({
    db: database.db,
    events: createEventBus(),
    timeZone,
    clock,
  });
  const reports = createReportService({ db: database.db, sweeper, timeZone, clock });
  console.log("range  runs   p50 ms   p99 ms   rows");
  for (const range of REPORT_RANGES) {
    await reports.performance(range);
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < Number(values.runs); i++) {
      const started = performance.now();
      rows = (await reports.performance(range)).rows.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${String(range).padStart(5)}  ${String(times.length).padStart(4)}  ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 99).toFixed(1).padStart(7)}  ${String(rows).padStart(5)}`,
    );
  }
  await database.close();
} finally {
  await admin(`drop database if exists ${name} with (force)`);
}
