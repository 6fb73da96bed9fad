import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type AppServer = { url: string; pid: number; stop(): Promise<void> };

/**
 * Starts the real server (src/server/main.ts) as its own process on 127.0.0.1, by default on a
 * fresh embedded database in a temporary DATA_DIR, and waits until it answers.
 */
export async function startAppServer(options: {
  port: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<AppServer> {
  const url = `http://localhost:${options.port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "hed-server-data-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("app server did not start in time");
    }
    const up = await fetch(`${url}/api/public-config`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
