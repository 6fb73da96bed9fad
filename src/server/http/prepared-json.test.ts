import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "./compression";
import { prepareJson, respondPrepared } from "./prepared-json";

describe("prepared JSON", () => {
  it("answers as c.json would, byte for byte, in any script", async () => {
    const value = {
      range: 30,
      rows: [{ name: "عاصمہ خان", rate: 87.5, label: "Good", previous: null }],
    };
    const prepared = prepareJson(value);
    const app = new Hono()
      .get("/prepared", (c) => respondPrepared(c, prepared))
      .get("/json", (c) => c.json(value));
    const [fromPrepared, fromJson] = await Promise.all([
      app.request("/prepared"),
      app.request("/json"),
    ]);
    expect(fromPrepared.status).toBe(200);
    expect(fromPrepared.headers.get("content-type")).toBe(fromJson.headers.get("content-type"));
    expect(new Uint8Array(await fromPrepared.arrayBuffer())).toEqual(
      new Uint8Array(await fromJson.arrayBuffer()),
    );
    expect(prepared.value).toBe(value);
  });
});

describe("prepared JSON, compressed", () => {
  const value = {
    rows: Array.from({ length: 100 }, (_, i) => ({ name: `Person ${i}`, rate: i / 3 })),
  };
  const json = JSON.stringify(value);

  it("answers brotli or gzip as asked, which the compression middleware leaves alone", async () => {
    const prepared = prepareJson(value);
    const app = new Hono().use(compression()).get("/", (c) => respondPrepared(c, prepared));
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const [first, second] = await Promise.all(
        [1, 2].map(() => app.request("/", { headers: { "Accept-Encoding": encoding } })),
      );
      expect(first.headers.get("Content-Encoding")).toBe(encoding);
      expect(first.headers.get("Vary")).toBe("Accept-Encoding");
      const bytes = new Uint8Array(await first.arrayBuffer());
      expect(first.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      expect(bytes.byteLength).toBeLessThan(json.length / 2);
      // Decoded once: the middleware did not compress it again.
      expect(decode(bytes).toString("utf8")).toBe(json);
      expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    }
  });

  it("answers plain without Accept-Encoding, and a small value always", async () => {
    const app = new Hono()
      .use(compression())
      .get("/large", (c) => respondPrepared(c, prepareJson(value)))
      .get("/small", (c) => respondPrepared(c, prepareJson({ ok: true })));
    const large = await app.request("/large");
    expect(large.headers.get("Content-Encoding")).toBeNull();
    expect(large.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await large.text()).toBe(json);
    const small = await app.request("/small", { headers: { "Accept-Encoding": "br" } });
    expect(small.headers.get("Content-Encoding")).toBeNull();
    expect(await small.text()).toBe('{"ok":true}');
  });
});
