// The load benchmark's command line (issue 8): runs bench/harness.ts, prints a table and writes
// bench/results/latest.json.
//
//   npm run bench -- [--users 300] [--tasks 100000] [--engagements 5000] [--duration 10]
//                    [--connections 32] [--live 500] [--engines pglite,postgres]
//                    [--audit-events 1000000] [--pglite-audit-events 20000] [--audit-runs 200]
//                    [--workers <cores>] [--lighthouse /auth,/dashboard,...] [--files local,s3]
//                    [--receipts 1000000] [--dispatches 300000] [--pglite-receipts 20000]
//                    [--pglite-dispatches 6000]
//
// POSTGRES_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres).
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { FILE_DRIVERS, type FileDriver } from "./files";
import { type BenchOptions, runBench } from "./harness";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "300" },
    tasks: { type: "string", default: "100000" },
    engagements: { type: "string", default: "5000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    live: { type: "string", default: "500" },
    engines: { type: "string", default: "pglite,postgres" },
    "audit-events": { type: "string", default: "1000000" },
    "pglite-audit-events": { type: "string", default: "20000" },
    "audit-runs": { type: "string", default: "200" },
    receipts: { type: "string", default: "1000000" },
    dispatches: { type: "string", default: "300000" },
    // Issue 36: holdings per task (1,000,000 tasks: 5,000,000 markings).
    "markings-per-task": { type: "string", default: "5" },
    "pglite-receipts": { type: "string", default: "20000" },
    "pglite-dispatches": { type: "string", default: "6000" },
    workers: { type: "string", default: String(availableParallelism()) },
    // Issue 32's pages; "" skips Lighthouse.
    lighthouse: {
      type: "string",
      default: "/auth,/dashboard,/admin/manage-tasks,/user/dashboard,/engagement-chart",
    },
    // Issue 34's 5 MB upload and download, per file store; "" skips them.
    files: { type: "string", default: FILE_DRIVERS.join(",") },
  },
});
const options: BenchOptions = {
  sizes: {
    users: Number(values.users),
    tasks: Number(values.tasks),
    engagements: Number(values.engagements),
    auditEvents: Number(values["audit-events"]),
    receipts: Number(values.receipts),
    dispatches: Number(values.dispatches),
    markingsPerTask: Number(values["markings-per-task"]),
    seed: 42,
  },
  pgliteRegisters: {
    receipts: Number(values["pglite-receipts"]),
    dispatches: Number(values["pglite-dispatches"]),
  },
  pgliteAuditEvents: Number(values["pglite-audit-events"]),
  auditRuns: Number(values["audit-runs"]),
  duration: Number(values.duration),
  connections: Number(values.connections),
  liveReaders: Number(values.live),
  engines: values.engines.split(",").map((engine) => engine.trim()) as BenchOptions["engines"],
  postgresUrl: process.env.POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  workers: Number(values.workers),
  lighthousePaths: values.lighthouse
    .split(",")
    .map((path) => path.trim())
    .filter(Boolean),
  fileDrivers: values.files
    .split(",")
    .map((driver) => driver.trim())
    .filter((driver): driver is FileDriver => (FILE_DRIVERS as readonly string[]).includes(driver)),
  basePort: 3900,
  log: (line) => console.error(`[bench] ${line}`),
};

const started = Date.now();
const results = await runBench(options);

const pad = (value: unknown, width: number) => String(value).padStart(width);
console.log(
  `\n${"engine".padEnd(9)}${"case".padEnd(30)}${pad("req/s", 8)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("non2xx", 8)}${pad("errors", 8)}${pad("x floor", 9)}${pad("p99 x floor", 13)}`,
);
for (const row of results.cases) {
  console.log(
    `${row.engine.padEnd(9)}${row.name.padEnd(30)}${pad(row.requestsPerSecond, 8)}${pad(row.p50, 8)}${pad(row.p99, 8)}${pad(row.non2xx, 8)}${pad(row.errors, 8)}${pad(row.ratioToFloor ?? "", 9)}${pad(row.p99ToFloor ?? "", 13)}`,
  );
}
if (results.sequential.length > 0) {
  console.log(
    `\n${"engine".padEnd(9)}${"one at a time".padEnd(24)}${pad("runs", 6)}${pad("p50 ms", 8)}${pad("p95 ms", 8)}${pad("max ms", 9)}${pad("non2xx", 8)}${pad("items", 9)}`,
  );
  for (const row of results.sequential) {
    console.log(
      `${row.engine.padEnd(9)}${row.name.padEnd(24)}${pad(row.runs, 6)}${pad(row.p50, 8)}${pad(row.p95, 8)}${pad(row.max, 9)}${pad(row.non2xx, 8)}${pad(row.items, 9)}`,
    );
  }
}
console.log(
  `\n${"engine".padEnd(9)}${pad("seed ms", 9)}${pad("start empty ms", 16)}${pad("start full ms", 15)}${pad("workers", 8)}${pad("peak RSS MB", 13)}${pad("live p50/p99 ms (readers, missed)", 36)}`,
);
for (const e of results.engines) {
  const live = e.live ? `${e.live.p50}/${e.live.p99} (${e.live.readers}, ${e.live.missed})` : "-";
  console.log(
    `${e.engine.padEnd(9)}${pad(e.seedMs, 9)}${pad(e.startEmptyMs, 16)}${pad(e.startFullMs, 15)}${pad(e.workers, 8)}${pad(e.peakRssMb, 13)}${pad(live, 36)}`,
  );
}
for (const e of results.engines) {
  if (e.case1Bytes) {
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const { identity, gzip, br } = e.case1Bytes;
    console.log(
      `${e.engine}: case 1 response ${kb(identity)} KB, gzip ${kb(gzip)} KB, br ${kb(br)} KB`,
    );
  }
  if (e.audit)
    console.log(`${e.engine}: ${e.audit.events} audit events seeded in ${e.audit.seedMs} ms`);
  if (e.digest)
    console.log(
      `${e.engine}: morning digest for ${e.digest.day}: ${e.digest.people} people, ${e.digest.mails} mails queued in ${e.digest.ms} ms; Daily Brief: ${e.digest.brief.mails} mails queued in ${e.digest.brief.ms} ms`,
    );
  // Issue 18's target: every one of 100,000 tasks in under 15 s and under 300 MB.
  for (const [when, xlsx] of Object.entries(e.xlsx ?? {}))
    console.log(
      `${e.engine}: Excel export of ${options.sizes.tasks} tasks (${when}): ${xlsx.seconds} s, ${(xlsx.bytes / 1_048_576).toFixed(1)} MB file, server RSS ${xlsx.startRssMb} MB at its start, ${xlsx.peakRssMb} MB at peak`,
    );
}
for (const page of results.pageJs ?? []) {
  console.log(
    `JS loaded by ${page.path} (${page.locale}): ${(page.gzipBytes / 1024).toFixed(1)} KB gzip in ${page.files} files, ${page.rounds} rounds`,
  );
}
if (results.files.length > 0) {
  console.log(
    `\n${"5 MB files, 8 conn.".padEnd(22)}${pad("req/s", 8)}${pad("MB/s", 8)}${pad("p99 ms", 8)}${pad("non2xx", 8)}${pad("errors", 8)}${pad("peak RSS MB", 13)}`,
  );
  for (const row of results.files) {
    console.log(
      `${`${row.driver} ${row.direction}`.padEnd(22)}${pad(row.requestsPerSecond, 8)}${pad(row.megabytesPerSecond, 8)}${pad(row.p99, 8)}${pad(row.non2xx, 8)}${pad(row.errors, 8)}${pad(row.peakRssMb, 13)}`,
    );
  }
}
if (results.lighthouse) {
  console.log(
    `\n${"Lighthouse (mobile)".padEnd(22)}${pad("perf", 6)}${pad("FCP ms", 8)}${pad("LCP ms", 8)}${pad("TBT ms", 8)}${pad("CLS", 7)}${pad("KB", 7)}${pad("requests", 10)}`,
  );
  for (const page of results.lighthouse) {
    console.log(
      `${page.path.padEnd(22)}${pad(page.performance, 6)}${pad(page.fcp, 8)}${pad(page.lcp, 8)}${pad(page.tbt, 8)}${pad(page.cls, 7)}${pad(Math.round(page.transferredBytes / 1024), 7)}${pad(page.requests, 10)}`,
    );
  }
}

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/latest.json",
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model,
        loadavg: loadavg(),
        node: process.version,
      },
      sizes: options.sizes,
      duration: options.duration,
      connections: options.connections,
      ...results,
      totalSeconds: Math.round((Date.now() - started) / 1000),
    },
    null,
    2,
  )}\n`,
);
console.log("\nwrote bench/results/latest.json");
