import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../../scripts/app-server";
import {
  createStore,
  eventually,
  fakeWebDir,
  signInAdmin,
  spawn,
  type TestStore,
  testPort,
} from "./support";

const PORT = testPort(4330);
const BUSY_PORT = testPort(4331);
const NO_STORE_PORT = testPort(4332);
const SECRET = "s3cr3tT0kenValue";

describe("the running server's health, unknown paths and log", () => {
  let store: TestStore;
  let webDir: string;
  let server: AppServer;
  const answersWhileStarting: { status: number; body: unknown }[] = [];
  beforeAll(async () => {
    store = await createStore();
    webDir = fakeWebDir();
    server = spawn(store, PORT, { WEB_DIR: webDir });
    let exited = false;
    void server.exited.then(() => {
      exited = true;
    });
    // Every answer until the start is done, from the moment the port opens.
    for (;;) {
      const res = await fetch(`${server.url}/api/public-config`).catch(() => undefined);
      if (res) answersWhileStarting.push({ status: res.status, body: await res.json() });
      if (res?.ok) break;
      if (exited) throw new Error(`the server stopped while starting:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await store.remove();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("tells requests to come back until the database is migrated and seeded", () => {
    const waiting = answersWhileStarting.slice(0, -1);
    for (const answer of waiting) {
      expect(answer).toEqual({
        status: 503,
        body: { error: { code: "STARTING", message: expect.any(String) } },
      });
    }
    expect(answersWhileStarting.at(-1)?.status).toBe(200);
  });

  it("answers /api/health and /api/ready without a session", async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", jobs: "ok", files: "ok" },
    });
  });

  it("answers unknown /api paths with a JSON 404 for every method, and pages with the web app", async () => {
    const page = await fetch(`${server.url}/engagements/chart`);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("<title>HED Task Manager</title>");

    for (const path of ["/api", "/api/", "/api/nope", "/api/tasks/x/y/z", "/api/index.html"]) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { origin: server.url, "content-type": "application/json" },
          body: ["GET", "HEAD", "OPTIONS"].includes(method) ? undefined : "{}",
        });
        expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 404`);
        expect(res.headers.get("content-type")).toMatch(/application\/json/);
        if (method !== "HEAD") {
          expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
        }
      }
    }
  });

  it("logs JSON lines in production, API requests at info, and never a token from a path", async () => {
    const paths = [
      `/api/files/${SECRET}`,
      `/api/calendar/${SECRET}.ics`,
      `/api/auth/reset-password/${SECRET}?callbackURL=${encodeURIComponent(`http://localhost/reset?token=${SECRET}`)}`,
      `/api/auth/verify-email?token=${SECRET}&callbackURL=%2F`,
      "/assets/app.js",
    ];
    for (const path of paths) {
      await fetch(`${server.url}${path}`, { redirect: "manual" }).then((res) => res.arrayBuffer());
    }
    await fetch(`${server.url}/api/health`);

    const lines = server.output().trim().split("\n");
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(server.output()).not.toContain(SECRET);
    const requests = entries.filter((entry) => entry.msg === "request");
    const logged = requests.map((entry) => entry.path);
    expect(logged).toEqual(
      expect.arrayContaining([
        "/api/files/[redacted]",
        "/api/calendar/[redacted].ics",
        "/api/auth/reset-password/[redacted]?callbackURL=[redacted]",
        "/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]",
        "/api/health",
      ]),
    );
    // The web app's files are logged at debug, below the default level.
    expect(logged).not.toContain("/assets/app.js");
    for (const entry of requests) {
      expect(entry).toMatchObject({ level: 30, requestId: expect.any(String) });
    }
  });

  it("logs a client that hangs up in the middle of an upload as one line below warn, no stack", async () => {
    const signInLines = () => server.output().split('"path":"/api/auth/sign-in/username"').length;
    const signedInBefore = signInLines();
    const cookie = await signInAdmin(server);
    // The sign-in's own request line comes through the pipe after its answer; it must be
    // in before the count starts.
    await eventually(() => signInLines() > signedInBefore, 5_000);
    const before = server.output().length;
    // A 5 MB upload of which 64 KB arrive before the connection goes.
    const socket = connect(PORT, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      [
        `PATCH /api/tasks/${randomUUID()} HTTP/1.1`,
        `Host: 127.0.0.1:${PORT}`,
        `Origin: ${server.url}`,
        `Cookie: ${cookie}`,
        "Content-Type: multipart/form-data; boundary=cut",
        `Content-Length: ${5 * 1024 * 1024}`,
        "",
        "--cut",
        'Content-Disposition: form-data; name="attachment"; filename="big.pdf"',
        "Content-Type: application/pdf",
        "",
        "",
      ].join("\r\n"),
    );
    socket.write(Buffer.alloc(64 * 1024, 37));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    const linesOf = () =>
      server
        .output()
        .slice(before)
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string; status?: number });
    // Its one line is the request's own: status 499 (the client closed), at info, no stack.
    await eventually(() => linesOf().some((entry) => entry.status === 499), 5_000);
    const entries = linesOf();
    expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);
    expect(entries).toEqual([
      expect.objectContaining({ level: 30, msg: "request", method: "PATCH", status: 499 }),
    ]);
  });
});

describe("a port already in use", () => {
  let store: TestStore;
  let blocker: Server;
  beforeAll(async () => {
    store = await createStore();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(BUSY_PORT, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
    await store.remove();
  });

  it("stops the start with one line and exit code 1, before creating the administrator", async () => {
    const webDir = fakeWebDir();
    try {
      const server = spawn(store, BUSY_PORT, { WEB_DIR: webDir });
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.output()).toBe(
        `Port ${BUSY_PORT} is already in use; stop the other program or set PORT\n`,
      );
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
    expect(await store.countUsers()).toBe(0);
  }, 60_000);
});

describe("a file store the server cannot reach", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createStore();
  });
  afterAll(() => store.remove());

  it("stops the start with one line naming the bucket, before opening the database", async () => {
    // Port 9 (discard) has no listener here: the store's address refuses the connection.
    const server = spawn(store, NO_STORE_PORT, {
      STORAGE_URL: "s3://hed-files?endpoint=http://127.0.0.1:9&forcePathStyle=true",
      S3_ACCESS_KEY_ID: "hed",
      S3_SECRET_ACCESS_KEY: "not-a-real-key",
    });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toBe(
      'Invalid STORAGE_URL: cannot reach bucket "hed-files" at http://127.0.0.1:9: connect ECONNREFUSED 127.0.0.1:9\n',
    );
    expect(await store.countUsers()).toBe(0);
  }, 60_000);
});
