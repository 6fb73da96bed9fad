// Makes sure the PostgreSQL client tools (pg_dump) that back up a PostgreSQL database are
// installed: Debian's postgresql-client. The embedded database needs none (PGlite brings its own).
import { execSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

function hasPgDump() {
  const root = "/usr/lib/postgresql";
  if (existsSync(root) && readdirSync(root).some((v) => existsSync(`${root}/${v}/bin/pg_dump`))) {
    return true;
  }
  return spawnSync("pg_dump", ["--version"]).status === 0;
}

if (hasPgDump()) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error("pg_dump not found. Install it with: sudo apt-get install -y postgresql-client");
  process.exit(1);
}
console.log(
  "Installing the PostgreSQL client from Debian packages (apt-get install postgresql-client)...",
);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execSync("apt-get update -qq && apt-get install -y -qq postgresql-client", {
  stdio: "inherit",
  env,
});
if (!hasPgDump()) {
  console.error("pg_dump still not found after installing postgresql-client");
  process.exit(1);
}
