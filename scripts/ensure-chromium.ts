// Makes sure the Chromium the browser tests launch is installed (scripts/chromium.ts).
// Playwright's own browser download cannot work on these machines.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM_LAUNCH, CHROMIUM_PACKAGE } from "./chromium";

const path = CHROMIUM_LAUNCH.executablePath;
if (!existsSync(path)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium not found at ${path}. Install it with: sudo apt-get install -y ${CHROMIUM_PACKAGE}`,
    );
    process.exit(1);
  }
  console.log(`Installing Chromium from Debian packages (apt-get install ${CHROMIUM_PACKAGE})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execSync(`apt-get update -qq && apt-get install -y -qq ${CHROMIUM_PACKAGE}`, {
    stdio: "inherit",
    env,
  });
  if (!existsSync(path)) {
    console.error(`Chromium still not found at ${path} after installing`);
    process.exit(1);
  }
}
