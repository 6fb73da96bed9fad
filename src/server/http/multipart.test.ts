import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiveMultipart } from "./multipart";

const BOUNDARY = "----multipart-test";
const MB = 1024 * 1024;
const PDF_START = Buffer.from("%PDF-1.4\n");

/** A multipart body holding one file of `size` bytes, streamed from one reused chunk. */
function uploadOf(size: number, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="subject"\r\n\r\nآڈٹ پیرا\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="رپورٹ.pdf"\r\n` +
      "Content-Type: application/pdf\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  async function* parts() {
    yield head;
    yield PDF_START;
    for (let left = size - PDF_START.byteLength; left > 0; left -= chunk.byteLength) {
      yield left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
    }
    yield tail;
  }
  const iterator = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      // The same chunk each time: the sender leaves no garbage to blur what is held.
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("receiveMultipart", () => {
  let dir: string;
  const tooLarge = new Error("too large");
  const malformed = new Error("malformed");
  const options = () => ({
    dir,
    maxBytes: 11 * MB,
    maxFieldBytes: 64 * 1024,
    tooLarge: () => tooLarge,
    malformed: () => malformed,
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "hed-multipart-test-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("hands a 9.5 MB file on from disk, not from memory, with its fields and UTF-8 names", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    const form = await receiveMultipart(uploadOf(9.5 * MB), options());
    // Buffers are freed by a sweep behind the collection: collect, let it run, collect again.
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
    const held = process.memoryUsage().arrayBuffers - before;
    const file = form.get("file") as File;
    // The file is held here, and all but a few bytes of it are on disk.
    expect(held / MB).toBeLessThan(4);
    expect(file.size).toBe(9.5 * MB);
    expect(file.name).toBe("رپورٹ.pdf");
    expect(file.type).toBe("application/pdf");
    expect(Buffer.from(await file.slice(0, PDF_START.byteLength).arrayBuffer())).toEqual(PDF_START);
    expect(form.get("subject")).toBe("آڈٹ پیرا");
  });

  it("cuts a body off past its limit", async () => {
    await expect(
      receiveMultipart(uploadOf(3 * MB), { ...options(), maxBytes: 2 * MB }),
    ).rejects.toBe(tooLarge);
  });

  it("answers a body that is not the multipart it claims as malformed", async () => {
    for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=other"]) {
      await expect(receiveMultipart(uploadOf(1024, contentType), options())).rejects.toBe(
        malformed,
      );
    }
  });
});
