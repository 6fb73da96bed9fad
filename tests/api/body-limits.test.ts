import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BODY_LIMIT_MESSAGE,
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  UPLOAD_BODY_LIMIT,
} from "../../src/server/http/body-limits";
import { FILE_MESSAGES, MAX_FILE_BYTES } from "../../src/shared/files";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";
import { PDF_BYTES } from "../helpers/files";
import { createFingerprint } from "../helpers/fingerprint";
import { ROUTES } from "../helpers/routes";

const CHUNK = new Uint8Array(64 * 1024).fill(0x61);
const BOUNDARY = "----limit-test";

/** `total` bytes of a multipart upload (or of JSON-ish filler), yielded chunk by chunk. */
async function* filler(total: number, kind: "json" | "multipart"): AsyncGenerator<Uint8Array> {
  const head = new TextEncoder().encode(
    kind === "multipart"
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`
      : '{"remarks":"',
  );
  yield head;
  let sent = head.byteLength;
  while (sent < total) {
    const chunk = CHUNK.subarray(0, Math.min(CHUNK.byteLength, total - sent));
    yield chunk;
    sent += chunk.byteLength;
  }
}

function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
}

const contentType = (kind: "json" | "multipart") =>
  kind === "multipart" ? `multipart/form-data; boundary=${BOUNDARY}` : "application/json";

/** Every route that takes a body, with the path filled in. */
function bodyRoutes(taskId: string, accountId: string) {
  return ROUTES.filter((route) => route.method !== "GET").map((route) => ({
    method: route.method,
    path: route.path
      .replace(":id", route.path.startsWith("/api/tasks") ? taskId : accountId)
      .replace(":token", "x"),
  }));
}

describe("request body limits (app.request)", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signedInAs("admin");
    const task = await makeTask(t.db, { assignedTo: admin.id });
    routes = bodyRoutes(task.id, (await t.makeUser()).id);
  });
  afterAll(() => t.close());

  it("upload routes get room for a 10 MB file; everything else 64 KB", () => {
    expect(bodyLimitFor("POST", "/api/tasks").maxBytes).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("PATCH", "/api/tasks/abc").maxBytes).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/api/tasks/abc/response-file").maxBytes).toBe(UPLOAD_BODY_LIMIT);
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(MAX_FILE_BYTES);
    expect(UPLOAD_BODY_LIMIT).toBeLessThan(MAX_FILE_BYTES + 1024 * 1024);
    for (const [method, path] of [
      ["POST", "/api/auth/sign-in/username"],
      ["PUT", "/api/tasks/abc/remarks"],
      ["POST", "/api/tasks/abc/complete"],
      ["PATCH", "/api/admin/users/abc"],
      ["POST", "/api/tasks/"],
      ["DELETE", "/api/tasks/abc"],
    ]) {
      expect(bodyLimitFor(method, path).maxBytes, `${method} ${path}`).toBe(DEFAULT_BODY_LIMIT);
    }
  });

  const ways = [
    ["an honest Content-Length", (size: number) => String(size)],
    ["no Content-Length (chunked)", () => undefined],
    ["a Content-Length that understates it", () => "10"],
    ["a Content-Length that is not a number", () => "lots"],
  ] as const;

  for (const kind of ["json", "multipart"] as const) {
    for (const [way, declared] of ways) {
      it(`a ${kind} body over the limit with ${way} is refused with 413 on every route`, async () => {
        const fingerprint = await createFingerprint(t.db, ["sign_in_failures"]);
        const before = await fingerprint();
        for (const route of routes) {
          const { maxBytes, message } = bodyLimitFor(route.method, route.path);
          const size = maxBytes + 1;
          const headers = new Headers({
            Origin: TEST_ORIGIN,
            Cookie: admin.cookie,
            "Content-Type": contentType(kind),
          });
          const length = declared(size);
          if (length) headers.set("Content-Length", length);
          const res = await t.app.request(route.path, {
            method: route.method,
            headers,
            body: streamOf(filler(size, kind)),
            duplex: "half",
          } as RequestInit);
          expect(res.status, `${route.method} ${route.path}`).toBe(413);
          expect(await res.json()).toEqual({
            error: { code: "TOO_LARGE", message: said(message) },
          });
        }
        expect(await fingerprint()).toEqual(before);
      });
    }
  }

  it("a file just under 10 MB still uploads, and a JSON body under 64 KB is read", async () => {
    const task = await makeTask(t.db, { assignedTo: admin.id });
    const padding = new Uint8Array(MAX_FILE_BYTES - PDF_BYTES.byteLength - 1).fill(0x20);
    const form = new FormData();
    form.append("file", new File([PDF_BYTES, padding], "big.pdf", { type: "application/pdf" }));
    const upload = await t.request(`/api/tasks/${task.id}/response-file`, {
      method: "POST",
      cookie: admin.cookie,
      body: form,
    });
    expect(upload.status).toBe(201);

    const remarks = await t.request(`/api/tasks/${task.id}/remarks`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { remarks: "r".repeat(9_000) },
    });
    expect(remarks.status).toBe(200);
    const tooLong = await t.request(`/api/tasks/${task.id}/remarks`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { remarks: "r".repeat(DEFAULT_BODY_LIMIT) },
    });
    expect(tooLong.status).toBe(413);
    expect((await tooLong.json()).error.message).toBe(said(BODY_LIMIT_MESSAGE));
  });

  it("an empty body reaches the route as no body", async () => {
    const res = await t.request("/api/auth/sign-out", { method: "POST", body: "" });
    expect(res.status).toBeLessThan(500);
  });
});

/** Sends `total` bytes to the real server, streamed; resolves with the status once it answers. */
function sendStreamed(
  port: number,
  route: { method: string; path: string },
  options: { total: number; kind: "json" | "multipart"; declareLength: boolean; cookie: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      method: route.method,
      path: route.path,
      headers: {
        Origin: TEST_ORIGIN,
        Cookie: options.cookie,
        "Content-Type": contentType(options.kind),
        ...(options.declareLength ? { "Content-Length": String(options.total) } : {}),
      },
    });
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    // After the answer the server may cut the rest of the upload off; that is expected.
    req.on("error", (err) => (answered ? undefined : reject(err)));
    (async () => {
      for await (const chunk of filler(options.total, options.kind)) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk)) await new Promise((done) => req.once("drain", done));
      }
      req.end();
    })().catch(() => undefined);
  });
}

/**
 * A PDF of `size` bytes uploaded as a browser sends it, streamed from one reused chunk (the
 * sender allocates nothing as it goes); resolves with the status.
 */
function sendPdfUpload(port: number, path: string, cookie: string, size: number): Promise<number> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      "Content-Type: application/pdf\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const total = head.byteLength + size + tail.byteLength;
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      method: "POST",
      path,
      headers: {
        Origin: TEST_ORIGIN,
        Cookie: cookie,
        "Content-Type": contentType("multipart"),
        "Content-Length": String(total),
      },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    (async () => {
      const write = async (bytes: Uint8Array) => {
        if (!req.write(bytes)) await new Promise((done) => req.once("drain", done));
      };
      await write(head);
      await write(PDF_BYTES);
      let left = size - PDF_BYTES.byteLength;
      while (left > 0) {
        const part = left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
        await write(part);
        left -= part.byteLength;
      }
      await write(tail);
      req.end();
    })().catch(reject);
  });
}

function usedMemory(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe("request body limits over HTTP: memory stays flat", () => {
  const MB = 1024 * 1024;
  let t: TestApp;
  let server: ServerType;
  let port: number;
  let cookie: string;
  let taskId: string;
  let gc: () => void;

  beforeAll(async () => {
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
    t = await createTestApp();
    const admin = await t.signedInAs("admin");
    cookie = admin.cookie;
    taskId = (await makeTask(t.db, { assignedTo: admin.id })).id;
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const cases = [
    ["sign-in", { method: "POST", path: "/api/auth/sign-in/username" }, "json"],
    ["sign-in as multipart", { method: "POST", path: "/api/auth/sign-in/username" }, "multipart"],
    ["task upload", { method: "POST", path: "/api/tasks" }, "multipart"],
    ["response file upload", { method: "POST", path: "/api/tasks/:id/response-file" }, "multipart"],
  ] as const;

  for (const [name, route, kind] of cases) {
    for (const declareLength of [true, false]) {
      it(`3 x 50 MB to ${name} ${declareLength ? "with" : "without"} Content-Length: 413 each, memory flat`, async () => {
        const path = route.path.replace(":id", taskId);
        gc();
        const before = usedMemory();
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, usedMemory());
        }, 5);
        const statuses = await Promise.all(
          [1, 2, 3].map(() =>
            sendStreamed(
              port,
              { method: route.method, path },
              {
                total: 50 * MB,
                kind,
                declareLength,
                cookie,
              },
            ),
          ),
        );
        clearInterval(sampler);
        peak = Math.max(peak, usedMemory());
        expect(statuses).toEqual([413, 413, 413]);
        // Each upload may hold 10 MB and the drained rest is garbage until collected; three
        // bodies read whole would be 150 MB.
        expect((peak - before) / MB).toBeLessThan(100);
        // What is left of the refused uploads goes once the server has drained and hung up
        // (on a loaded machine that takes a few seconds); a leak would stay.
        let retained = Number.POSITIVE_INFINITY;
        for (let attempt = 0; attempt < 20 && retained >= 10; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          gc();
          retained = (usedMemory() - before) / MB;
        }
        expect(retained).toBeLessThan(10);
      }, 60_000);
    }
  }

  it("30 anonymous 10 MB uploads at once are refused before their bodies are read: memory within 50 MB", async () => {
    const routes = [
      { method: "POST", path: "/api/tasks" },
      { method: "PATCH", path: `/api/tasks/${taskId}` },
      { method: "POST", path: `/api/tasks/${taskId}/response-file` },
    ];
    gc();
    const before = usedMemory();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, usedMemory());
    }, 5);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sendStreamed(port, routes[i % routes.length], {
          total: 10 * MB,
          kind: "multipart",
          declareLength: true,
          cookie: "",
        }),
      ),
    );
    clearInterval(sampler);
    peak = Math.max(peak, usedMemory());
    expect(statuses).toEqual(Array(30).fill(401));
    // Read whole before the session was checked, they held 300 MB.
    expect((peak - before) / MB).toBeLessThan(50);
  }, 60_000);

  it("4 uploads of 9.5 MB at once are stored whole (their files go to disk as they arrive: multipart.test.ts)", async () => {
    const admin = await t.signedInAs("admin");
    const size = 9.5 * MB;
    const tasks = await Promise.all(
      [1, 2, 3, 4].map(() => makeTask(t.db, { assignedTo: admin.id })),
    );
    const statuses = await Promise.all(
      tasks.map((task) =>
        sendPdfUpload(port, `/api/tasks/${task.id}/response-file`, admin.cookie, size),
      ),
    );
    expect(statuses).toEqual([201, 201, 201, 201]);
    for (const task of tasks) {
      const res = await t.request(`/api/tasks/${task.id}`, { cookie: admin.cookie });
      const { responseFile } = (await res.json()) as { responseFile: { url: string } };
      const file = await t.request(responseFile.url, { cookie: admin.cookie });
      expect((await file.arrayBuffer()).byteLength).toBe(size);
    }
  }, 120_000);

  it("the 413 says why, in the usual JSON error body", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/username`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" },
      body: "x".repeat(DEFAULT_BODY_LIMIT + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "TOO_LARGE", message: said(BODY_LIMIT_MESSAGE) },
    });
    expect(FILE_MESSAGES.tooLarge).toBe(bodyLimitFor("POST", "/api/tasks").message);
  });

  it("the 413 speaks the language the browser asks for", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/username`, {
      method: "POST",
      headers: {
        Origin: TEST_ORIGIN,
        "Content-Type": "application/json",
        "Accept-Language": "ur-PK,ur;q=0.9,en;q=0.8",
      },
      body: "x".repeat(DEFAULT_BODY_LIMIT + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "TOO_LARGE", message: said(BODY_LIMIT_MESSAGE, "ur") },
    });
    expect(said(BODY_LIMIT_MESSAGE, "ur")).not.toBe(said(BODY_LIMIT_MESSAGE));
  });
});
