import { Hono } from "hono";
import { describe, expect, it } from "vitest";
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
