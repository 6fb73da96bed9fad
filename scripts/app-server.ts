import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The processes that serve for the server started as `pid`: a cluster primary's workers (from
 * /proc, Linux), or the server itself when it runs alone. The primary forks from its main
 * thread, so its workers are that thread's children (reading every thread's would race with
 * threads coming and going).
 */
export function servingPids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return children.length ? children : [pid];
  } catch {
    return [pid];
  }
}

/** Where `npm run build` bundles the server, and `npm start` and the browser tests run it. */
export const SERVER_BUNDLE = "dist/server/main.mjs";

export type AppServerOptions = {
  port: number;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** A DATA_DIR to use and keep; by default a fresh temporary one, removed by `stop()`. */
  dataDir?: string;
  /** Collect stdout and stderr for `output()` instead of passing them through. */
  captureOutput?: boolean;
  /**
   * A server bundle (scripts/build-server.ts) to run with plain node, as `npm start` does; by
   * default the sources, under tsx.
   */
  bundle?: string;
  /** Start it as a newcomer does, with `npm start` (which builds first); `pid` is npm's. */
  npmStart?: boolean;
  /**
   * Run it inside a network namespace (`ip netns exec`, root only), listening on the
   * namespace's `address` instead of 127.0.0.1: a machine of its own (tests/helpers/netns.ts).
   */
  netns?: { name: string; address: string };
};

export type AppExit = { code: number | null; signal: NodeJS.Signals | null };

export type AppServer = {
  url: string;
  pid: number;
  dataDir: string;
  /** Settles when the process has exited (and been reaped). */
  exited: Promise<AppExit>;
  /** stdout and stderr so far, interleaved (with `captureOutput`). */
  output(): string;
  /**
   * Closes this end of the captured stdout and stderr, as when the process reading a server's
   * log goes away: the server's next writes meet a broken pipe.
   */
  closeOutput(): void;
  signal(name: NodeJS.Signals): void;
  /** Waits until the server answers (GET /api/public-config is 200: started and seeded). */
  waitUntilUp(timeoutMs?: number): Promise<void>;
  /** SIGTERM, wait for the exit, then remove the DATA_DIR if this module made it. */
  stop(): Promise<void>;
};

/**
 * Starts the real server (src/server/main.ts, or its bundle) as its own process on 127.0.0.1,
 * by default on a fresh embedded database in a temporary DATA_DIR, without waiting for it.
 */
export function spawnAppServer(options: AppServerOptions): AppServer {
  const host = options.netns?.address ?? "127.0.0.1";
  const url = `http://${options.netns ? host : "localhost"}:${options.port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "hed-server-data-"));
  const entry = options.bundle ? [options.bundle] : ["--import", "tsx", "src/server/main.ts"];
  const [program, args] = options.npmStart ? ["npm", ["start"]] : [process.execPath, entry];
  // `ip netns exec` execs the program, so the child's pid stays the server's own.
  const [command, commandArgs] = options.netns
    ? ["ip", ["netns", "exec", options.netns.name, program, ...args]]
    : [program, args];
  const child = spawn(command, commandArgs, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: host,
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ...options.env,
    },
    stdio: [
      "ignore",
      options.captureOutput ? "pipe" : "inherit",
      options.captureOutput ? "pipe" : "inherit",
    ],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<AppExit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  return {
    url,
    pid: child.pid as number,
    dataDir,
    exited,
    output: () => output,
    closeOutput() {
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
    signal: (name) => child.kill(name),
    async waitUntilUp(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`app server exited (${child.exitCode ?? child.signalCode})\n${output}`);
        }
        if (Date.now() > deadline) throw new Error(`app server did not start in time\n${output}`);
        const up = await fetch(`${url}/api/public-config`).then(
          (res) => res.ok,
          () => false,
        );
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the real server (see spawnAppServer) and waits until it answers. */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const server = spawnAppServer(options);
  try {
    await server.waitUntilUp(options.timeoutMs);
  } catch (err) {
    server.signal("SIGKILL");
    await server.exited;
    if (!options.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
    throw err;
  }
  return server;
}
