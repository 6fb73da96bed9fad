import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogStream, type LogStream } from "./log-stream";

const flushed = (stream: LogStream) => new Promise<void>((resolve) => stream.flush(resolve));

describe("the log stream", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "hed-log-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes every line in order, and flush waits until they are written", async () => {
    const path = join(dir, "log");
    const fd = openSync(path, "w");
    const stream = createLogStream(fd);
    for (let i = 0; i < 1000; i++) stream.write(`line ${i}\n`);
    await flushed(stream);
    closeSync(fd);
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines).toEqual(Array.from({ length: 1000 }, (_, i) => `line ${i}`));
  });

  it("stops writing after a failed write, without throwing, and flush answers at once", async () => {
    const fd = openSync(join(dir, "log"), "w");
    closeSync(fd);
    const stream = createLogStream(fd);
    stream.write("into a closed descriptor\n");
    await flushed(stream);
    expect(() => stream.write("and another\n")).not.toThrow();
    await flushed(stream);
  });

  it("drops lines beyond its limit while a write is out, and says how many once it catches up", async () => {
    const path = join(dir, "log");
    const fd = openSync(path, "w");
    const stream = createLogStream(fd, 40);
    stream.write("first, on its way at once\n");
    // While it is being written, 40 bytes wait: two of these, the other three are dropped.
    for (let i = 0; i < 5; i++) stream.write(`waiting ${i} ........\n`);
    await flushed(stream);
    stream.write("after\n");
    await flushed(stream);
    closeSync(fd);
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines[0]).toBe("first, on its way at once");
    expect(JSON.parse(lines[1])).toMatchObject({ level: 40, dropped: 3 });
    expect(lines.slice(2)).toEqual(["waiting 0 ........", "waiting 1 ........", "after"]);
  });
});
