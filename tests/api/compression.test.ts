import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";

type Encoding = "br" | "gzip";
const decompress: Record<Encoding, (bytes: Uint8Array) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

/** The answer's bytes as they came over the wire (app.request decodes nothing) and decoded. */
async function wireAndText(res: Response) {
  const wire = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get("Content-Encoding") as Encoding | null;
  const text = Buffer.from(encoding ? decompress[encoding](wire) : wire).toString("utf8");
  return { wire, text };
}

describe("API answers compressed as the client accepts", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.signedInAs("admin");
    cookie = admin.cookie;
    // A list page and a report of several rows each, well over the 1 KB threshold.
    for (let i = 0; i < 12; i++) {
      const person = await t.makeUser({ fullName: `Staff member ${i}` });
      for (let j = 0; j < 3; j++)
        await makeTask(t.db, {
          assignedTo: person.id,
          createdBy: admin.id,
          subject: `Compile the enrolment figures of college ${i}-${j}`,
        });
    }
  });
  afterAll(() => t.close());

  const get = (path: string, acceptEncoding?: string) =>
    t.request(path, {
      cookie,
      headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
    });

  // The task list goes through the compression middleware, the report through respondPrepared.
  for (const path of ["/api/tasks?pageSize=50", "/api/reports/performance?range=30"]) {
    it(`answers ${path} in brotli, gzip or plain, always the same JSON`, async () => {
      const plain = await get(path);
      expect(plain.status).toBe(200);
      expect(plain.headers.get("Content-Encoding")).toBeNull();
      expect(plain.headers.get("Vary")).toMatch(/Accept-Encoding/);
      const identity = await wireAndText(plain);
      expect(identity.wire.byteLength).toBeGreaterThan(1024);
      const json: unknown = JSON.parse(identity.text);

      for (const encoding of ["br", "gzip"] as const) {
        const res = await get(path, encoding);
        expect(res.status).toBe(200);
        expect(res.headers.get("Content-Encoding")).toBe(encoding);
        expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
        expect(res.headers.get("Vary")).toMatch(/Accept-Encoding/);
        const { wire, text } = await wireAndText(res);
        expect(res.headers.get("Content-Length")).toBe(String(wire.byteLength));
        expect(wire.byteLength).toBeLessThan(identity.wire.byteLength / 2);
        expect(JSON.parse(text)).toEqual(json);
      }

      // A browser's header: brotli first.
      const browser = await get(path, "gzip, deflate, br, zstd");
      expect(browser.headers.get("Content-Encoding")).toBe("br");
    });
  }

  it("keeps a small answer plain", async () => {
    const res = await get("/api/me", "br");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(await res.json()).toMatchObject({ role: "admin" });
  });
});

describe("the web app compressed as the client accepts", () => {
  const webDir = mkdtempSync(join(tmpdir(), "hed-web-"));
  // Big enough that brotli and gzip both save more than a tenth.
  const html = `<!doctype html><html><head><title>HED Task Manager</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
  const script = `export function list(){return ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))}}`;
  const font = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(join(webDir, "assets"));
    // As the build leaves them (scripts/precompress.ts): each text file beside its .br and .gz.
    for (const [name, text] of [
      ["index.html", html],
      ["assets/index-Ab12Cd34.js", script],
    ]) {
      writeFileSync(join(webDir, name), text);
      writeFileSync(join(webDir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(webDir, `${name}.gz`), gzipSync(text));
    }
    writeFileSync(join(webDir, "assets/font-Ef56Gh78.woff2"), font);
    t = await createTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    t.app.request(path, { method, headers });

  it("sends a hashed asset's .br or .gz file as asked, cached for a year", async () => {
    const path = "/assets/index-Ab12Cd34.js";
    for (const [acceptEncoding, encoding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, deflate, br, zstd", "br"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const res = await get(path, { "Accept-Encoding": acceptEncoding });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Encoding")).toBe(encoding);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      const { wire, text } = await wireAndText(res);
      expect(res.headers.get("Content-Length")).toBe(String(wire.byteLength));
      expect(wire.byteLength).toBeLessThan(script.length);
      expect(text).toBe(script);
    }
  });

  it("sends an asset plain to a client that takes no encoding, still saying it varies", async () => {
    for (const acceptEncoding of [undefined, "identity", "br;q=0"]) {
      const headers: Record<string, string> = acceptEncoding
        ? { "Accept-Encoding": acceptEncoding }
        : {};
      const res = await get("/assets/index-Ab12Cd34.js", headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(await res.text()).toBe(script);
    }
  });

  it("sends a font as it is, and a missing asset as 404 rather than the page", async () => {
    const res = await get("/assets/font-Ef56Gh78.woff2", { "Accept-Encoding": "br, gzip" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Vary")).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(font));

    const missing = await get("/assets/index-Gone0000.js", { "Accept-Encoding": "br" });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBeNull();
  });

  it("sends the page for every client route, in brotli, gzip or plain, each with its ETag", async () => {
    const etags = new Set<string>();
    for (const [path, acceptEncoding, encoding] of [
      ["/", "br", "br"],
      ["/admin/tasks", "gzip, deflate, br, zstd", "br"],
      ["/engagements/chart", "gzip", "gzip"],
      ["/", undefined, null],
      ["/auth", "br;q=0, gzip;q=0", null],
    ] as const) {
      const res = await get(path, acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Encoding")).toBe(encoding);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("Cache-Control")).toBe("no-cache");
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      const etag = res.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[\w-]+"$/);
      etags.add(etag);
      const { wire, text } = await wireAndText(res);
      expect(res.headers.get("Content-Length")).toBe(String(wire.byteLength));
      expect(text).toBe(html);
    }
    // One per representation: identity, br, gzip.
    expect(etags.size).toBe(3);
  });

  it("answers 304 to the ETag the client holds for its encoding, and HEAD without a body", async () => {
    const first = await get("/", { "Accept-Encoding": "br" });
    const etag = first.headers.get("ETag") ?? "";
    const again = await get("/tasks", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await again.text()).toBe("");
    const weak = await get("/", { "Accept-Encoding": "br", "If-None-Match": `"other", W/${etag}` });
    expect(weak.status).toBe(304);
    // The brotli copy's tag is not the plain page's.
    const plain = await get("/", { "If-None-Match": etag });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(html);

    const head = await get("/", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Encoding")).toBe("gzip");
    expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
  });

  it("reads the page again when a new build replaces it, compressing it when its copies are older", async () => {
    const before = await get("/", { "Accept-Encoding": "br" });
    const changed = html.replace("HED Task Manager", "HED Task Manager, rebuilt");
    writeFileSync(join(webDir, "index.html"), changed);
    // Newer than the build's .br and .gz of the old page, which must not be sent for it.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(webDir, "index.html"), later, later);
    for (const encoding of ["br", "gzip"] as const) {
      const res = await get("/", { "Accept-Encoding": encoding });
      expect(res.headers.get("Content-Encoding")).toBe(encoding);
      expect(res.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
      expect((await wireAndText(res)).text).toBe(changed);
    }
  });
});
