import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import {
  type AppServer,
  type AppServerOptions,
  spawnAppServer,
  startAppServer,
} from "../../scripts/app-server";
import { type Database, openEmbedded, openPostgres, rowsOf } from "../../src/server/db/client";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

export const ADMIN_PASSWORD = "process-admin-pass-1";

/**
 * Port `n` for this run's servers. The PostgreSQL pass runs beside the PGlite tests and moves
 * its ports by TEST_PORT_OFFSET (scripts/test-postgres.mjs); each file keeps its own ports, as
 * files run side by side.
 */
export const testPort = (n: number) => n + Number(process.env.TEST_PORT_OFFSET ?? 0);

/** The PostgreSQL pass (scripts/test-postgres.mjs) sets this; PGlite otherwise. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Where one test's servers keep their data, kept between their starts: a DATA_DIR, and on the
 * PostgreSQL pass a database of its own (empty of rows; the servers migrate it).
 */
export type TestStore = {
  dataDir: string;
  env: Record<string, string>;
  /** People in the database, read while no server holds it. */
  countUsers(): Promise<number>;
  remove(): Promise<void>;
};

export async function createStore(): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), "hed-process-"));
  const database: TestDatabase | undefined = onPostgres ? await createTestDatabase() : undefined;
  const env: Record<string, string> = { ADMIN_PASSWORD, LOG_LEVEL: "info" };
  if (database?.url) env.DATABASE_URL = database.url;
  return {
    dataDir,
    env,
    async countUsers() {
      const db: Database = database?.url
        ? openPostgres(database.url, { max: 1 })
        : await openEmbedded(dataDir);
      try {
        // Before the first migration there is no table of people at all.
        const [table] = rowsOf<{ name: string | null }>(
          await db.db.execute(sql`select to_regclass('public.user') as name`),
        );
        if (table.name === null) return 0;
        const [people] = rowsOf<{ n: number }>(
          await db.db.execute(sql`select count(*)::int as n from "user"`),
        );
        return people.n;
      } finally {
        await db.close();
      }
    },
    async remove() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A stand-in for the built web app: WEB_DIR with an index.html. */
export function fakeWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "hed-web-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>HED Task Manager</title>");
  return dir;
}

export function serverOptions(
  store: TestStore,
  port: number,
  env: Record<string, string> = {},
): AppServerOptions {
  return { port, dataDir: store.dataDir, env: { ...store.env, ...env }, captureOutput: true };
}

export const start = (store: TestStore, port: number, env?: Record<string, string>) =>
  startAppServer(serverOptions(store, port, env));

export const spawn = (store: TestStore, port: number, env?: Record<string, string>) =>
  spawnAppServer(serverOptions(store, port, env));

/** Signs in as the first administrator; returns the session cookie. */
export async function signInAdmin(server: AppServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** An open GET /api/live stream: everything it has received, and whether it has ended. */
export type LiveStream = {
  text(): string;
  ended: Promise<"ended" | "failed">;
  ready: Promise<void>;
};

export function openLiveStream(server: AppServer, cookie: string): LiveStream {
  let text = "";
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const ended = (async () => {
    try {
      const res = await fetch(`${server.url}/api/live`, { headers: { cookie } });
      if (!res.ok || !res.body) return "failed" as const;
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
        if (text.includes("event: ready")) markReady();
      }
      return "ended" as const;
    } catch {
      return "failed" as const;
    }
  })();
  return { text: () => text, ended, ready };
}

/**
 * A request held in flight on its own connection: the server has its headers (it answered
 * `100 Continue`) and half its body; `finish()` sends the rest and resolves with the status.
 */
export type HeldRequest = { finish(): Promise<{ status: number; body: string }> };

export function holdRequest(
  server: AppServer,
  path: string,
  payload: unknown,
  headers: Record<string, string>,
): Promise<HeldRequest> {
  const body = Buffer.from(JSON.stringify(payload));
  const half = Math.floor(body.length / 2);
  return new Promise((resolve, reject) => {
    const response = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = httpRequest(
        `${server.url.replace("localhost", "127.0.0.1")}${path}`,
        {
          method: "POST",
          agent: false,
          headers: {
            ...headers,
            origin: server.url,
            "content-type": "application/json",
            "content-length": String(body.length),
            expect: "100-continue",
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
          res.on("error", fail);
        },
      );
      req.on("error", (err) => {
        fail(err);
        reject(err);
      });
      req.on("continue", () => {
        req.write(body.subarray(0, half));
        resolve({
          finish() {
            req.end(body.subarray(half));
            return response;
          },
        });
      });
    });
    response.catch(() => {});
  });
}

/** Polls until `check` holds or the time is up. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
