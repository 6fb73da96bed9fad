// Runs the API tests, the process-level tests and the bench's small run against a real
// PostgreSQL server: creates a fresh database, points TEST_DATABASE_URL at it (each test file
// then makes and drops its own database beside it), and drops it afterwards, whatever the
// outcome.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";

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

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (!(await reachable())) {
  startLocalCluster();
  if (!(await reachable())) {
    console.error(`PostgreSQL is not reachable at ${serverUrl}`);
    process.exit(1);
  }
}

const name = `hed_ci_${process.pid}_${Date.now()}`;
await admin(`create database ${name}`);
const testUrl = new URL(serverUrl);
testUrl.pathname = `/${name}`;
console.log(`PostgreSQL pass on database ${name}`);

let status = 1;
try {
  const args = process.argv.slice(2);
  const env = { ...process.env, TEST_DATABASE_URL: testUrl.toString() };
  const vitest = (vitestArgs) =>
    spawnSync("npx", ["vitest", "run", ...vitestArgs], { stdio: "inherit", env }).status ?? 1;
  // Named test files run alone; otherwise the API tests and the process-level ones (their
  // servers run on databases the tests make beside this one), then the bench's small run.
  status = vitest(args.length ? args : ["tests/api", "tests/process"]);
  if (status === 0 && !args.length) status = vitest(["--config", "bench/vitest.config.ts"]);
} finally {
  await admin(`drop database if exists ${name} with (force)`);
}
process.exit(status);
