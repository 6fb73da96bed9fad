import { promisify } from "node:util";
import { brotliDecompress, gunzip } from "node:zlib";
import { Hono } from "hono";
import { stream, streamSSE } from "hono/streaming";
import { describe, expect, it } from "vitest";
import { addVaryAcceptEncoding, compression, negotiateEncoding } from "./compression";

const decompress = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
};

describe("negotiateEncoding", () => {
  it("prefers brotli when both are taken alike, as browsers send them", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("br, gzip")).toBe("br");
    expect(negotiateEncoding("gzip;q=1.0, br;q=1")).toBe("br");
  });

  it("takes the encoding of the higher q-value", () => {
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0.2, br;q=0.3")).toBe("br");
  });

  it("never sends an encoding refused with q=0", () => {
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(negotiateEncoding("*;q=0")).toBeUndefined();
    expect(negotiateEncoding("*, br;q=0")).toBe("gzip");
  });

  it("reads * as every encoding not named", () => {
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("gzip;q=0.9, *;q=0.1")).toBe("gzip");
  });

  it("answers identity when the header is absent, empty or names neither", () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding("")).toBeUndefined();
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding("deflate, zstd")).toBeUndefined();
  });

  it("takes x-gzip as gzip, in any case, and chooses among what is available", () => {
    expect(negotiateEncoding("x-gzip")).toBe("gzip");
    expect(negotiateEncoding("GZIP, BR")).toBe("br");
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBeUndefined();
  });
});

describe("addVaryAcceptEncoding", () => {
  it("adds Accept-Encoding once, beside what Vary already names", () => {
    const headers = new Headers();
    addVaryAcceptEncoding(headers);
    addVaryAcceptEncoding(headers);
    expect(headers.get("Vary")).toBe("Accept-Encoding");
    const origin = new Headers({ Vary: "Origin" });
    addVaryAcceptEncoding(origin);
    expect(origin.get("Vary")).toBe("Origin, Accept-Encoding");
    const any = new Headers({ Vary: "*" });
    addVaryAcceptEncoding(any);
    expect(any.get("Vary")).toBe("*");
  });
});

/** Rows enough to pass the threshold several times over, of text that compresses as JSON does. */
const largeValue = {
  rows: Array.from({ length: 200 }, (_, i) => ({
    id: `task-${i}`,
    subject: `Compile the enrolment figures for college ${i}`,
    status: i % 3 === 0 ? "Overdue" : "Pending",
  })),
};
const largeJson = JSON.stringify(largeValue);

function app() {
  return new Hono()
    .use(compression())
    .get("/large", (c) => c.json(largeValue))
    .get("/small", (c) => c.json({ ok: true }))
    .get("/cookies", (c) => {
      c.header("Set-Cookie", "a=1; Path=/", { append: true });
      c.header("Set-Cookie", "b=2; Path=/", { append: true });
      return c.json(largeValue, 201);
    })
    .get("/download", (c) =>
      c.body(largeJson, 200, {
        "Content-Type": "application/json",
        "Content-Disposition": 'attachment; filename="tasks.json"',
      }),
    )
    .get("/no-transform", (c) => {
      c.header("Cache-Control", "no-transform");
      return c.json(largeValue);
    })
    .get("/partial", (c) =>
      c.body(largeJson.slice(0, 2000), 206, {
        "Content-Type": "application/json",
        "Content-Range": `bytes 0-1999/${largeJson.length}`,
      }),
    )
    .get("/encoded", (c) =>
      c.body("already", 200, { "Content-Type": "application/json", "Content-Encoding": "br" }),
    )
    .get("/csv", (c) => {
      c.header("Content-Type", "text/csv");
      return stream(c, async (out) => {
        await out.write(largeJson);
      });
    })
    .get("/events", (c) =>
      streamSSE(c, async (out) => {
        await out.writeSSE({ event: "ready", data: largeJson });
      }),
    );
}

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  app().request(path, {
    method,
    headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
  });

describe("the compression middleware", () => {
  it("compresses a large JSON answer in brotli or gzip, as asked, to the same bytes", async () => {
    for (const encoding of ["br", "gzip"] as const) {
      const res = await get("/large", encoding);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Encoding")).toBe(encoding);
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(res.headers.get("Content-Length")).toBe(String(body.byteLength));
      expect(body.byteLength).toBeLessThan(largeJson.length / 4);
      expect((await decompress[encoding](body)).toString("utf8")).toBe(largeJson);
    }
  });

  it("sends a large answer plain, saying it varies, when the client takes no encoding", async () => {
    for (const acceptEncoding of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const res = await get("/large", acceptEncoding);
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      expect(await res.text()).toBe(largeJson);
    }
  });

  it("keeps the status and every header, cookies included", async () => {
    const res = await get("/cookies", "br");
    expect(res.status).toBe(201);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("leaves a small answer as it is, but says it varies", async () => {
    const res = await get("/small", "br");
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("leaves downloads, partial answers, no-transform and encoded answers untouched", async () => {
    const download = await get("/download", "br");
    expect(download.headers.get("Content-Encoding")).toBeNull();
    expect(download.headers.get("Vary")).toBeNull();
    expect(await download.text()).toBe(largeJson);

    const partial = await get("/partial", "br");
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Encoding")).toBeNull();
    expect(await partial.text()).toBe(largeJson.slice(0, 2000));

    const noTransform = await get("/no-transform", "br");
    expect(noTransform.headers.get("Content-Encoding")).toBeNull();
    expect(await noTransform.text()).toBe(largeJson);

    const encoded = await get("/encoded", "gzip");
    expect(encoded.headers.get("Content-Encoding")).toBe("br");
    expect(await encoded.text()).toBe("already");
  });

  it("leaves streams of other types untouched: the live stream and CSV", async () => {
    const events = await get("/events", "br");
    expect(events.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(events.headers.get("Content-Encoding")).toBeNull();
    expect(await events.text()).toContain(largeJson);

    const csv = await get("/csv", "br");
    expect(csv.headers.get("Content-Encoding")).toBeNull();
    expect(await csv.text()).toBe(largeJson);
  });

  it("does not compress the answer to HEAD", async () => {
    const res = await get("/large", "br", "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await res.text()).toBe("");
  });
});
