// Makes sure the system Chromium used by the browser tests is installed (Debian package
// `chromium`). Playwright's own browser download cannot work on these machines.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(`Chromium not found at ${path}. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log("Installing Chromium from Debian packages (apt-get install chromium)...");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execSync("apt-get update -qq && apt-get install -y -qq chromium", { stdio: "inherit", env });
if (!existsSync(path)) {
  console.error(`Chromium still not found at ${path} after installing`);
  process.exit(1);
}
