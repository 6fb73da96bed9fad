// Runs the API tests, the process-level tests and the bench's small run against a real
// PostgreSQL server: creates a fresh database, points TEST_DATABASE_URL at it (each test file
// then makes and drops its own database beside it), and drops it afterwards, whatever the
// outcome. Its servers listen 1000 ports above the PGlite run's, so the two can run at once.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";
import { failureList, type Layer, layerTable, runStages } from "./layers";
import { databaseUrl, onServer } from "./postgres-admin";

const serverUrl = process.env.POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function reachable() {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Starts the machine's PostgreSQL cluster when it is installed but stopped. */
function startLocalCluster() {
  if (!existsSync("/etc/postgresql")) return;
  for (const version of readdirSync("/etc/postgresql")) {
    console.log(`Starting PostgreSQL ${version} (pg_ctlcluster)...`);
    spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
      stdio: "inherit",
    });
  }
}

const admin = (statement: string) => onServer(serverUrl, statement);

if (!(await reachable())) {
  startLocalCluster();
  if (!(await reachable())) {
    console.error(`PostgreSQL is not reachable at ${serverUrl}`);
    process.exit(1);
  }
}

const name = `hed_ci_${process.pid}_${Date.now()}`;
await admin(`create database ${name}`);
const testUrl = databaseUrl(serverUrl, name);
console.log(`PostgreSQL pass on database ${name}`);

let status = 1;
try {
  const files = process.argv.slice(2);
  const env = { TEST_DATABASE_URL: testUrl, TEST_PORT_OFFSET: "1000" };
  const vitest = (name: string, args: string[]): Layer => ({
    name,
    command: "npx",
    args: ["vitest", "run", ...args],
    env,
    report: "vitest",
  });
  // Named test files run alone; otherwise the API tests and the process-level ones (their
  // servers run on databases the tests make beside this one), then the bench's small run.
  const stages = files.length
    ? [[vitest("PostgreSQL", files)]]
    : [
        [vitest("PostgreSQL: API + process", ["tests/api", "tests/process"])],
        [vitest("PostgreSQL: bench harness", ["--config", "bench/vitest.config.ts"])],
      ];
  const { ok, results } = await runStages(stages);
  console.log(`\n${layerTable(results)}${failureList(results)}`);
  status = ok ? 0 : 1;
} finally {
  await admin(`drop database if exists ${name} with (force)`);
}
process.exit(status);
