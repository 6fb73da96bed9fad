import { createWriteStream, openAsBlob } from "node:fs";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { PRIVATE_FILE_MODE } from "../process/private-paths";

type MultipartOptions = {
  /** A private folder of this request's own; the caller removes it once the request is done. */
  dir: string;
  /** The most bytes the whole body may hold. */
  maxBytes: number;
  /** The most bytes one text field may hold. */
  maxFieldBytes: number;
  tooLarge: () => Error;
  malformed: () => Error;
};

/** Whether the stream failed because the client went away, not because of what it sent. */
function isHangUp(request: Request, err: unknown): boolean {
  return request.signal.aborted || (err as NodeJS.ErrnoException).code === "ECONNRESET";
}

/**
 * A multipart/form-data body read as it arrives: its fields as text, each file written to
 * `dir` and handed on as a File read from disk, so an upload never sits whole in memory. A body
 * over `maxBytes` is cut off with `tooLarge`; one that is not the multipart it claims to be,
 * `malformed`. Names and file names are read as UTF-8, as browsers send them (Urdu too).
 */
export async function receiveMultipart(
  request: Request,
  options: MultipartOptions,
): Promise<FormData> {
  const form = new FormData();
  if (!request.body) return form;
  const tooLarge = options.tooLarge();
  // In the order they arrived, each appended once all are on disk: a form's several files under
  // one name (a receipt's scanned pages) keep the order they were sent in, whichever finishes
  // writing first.
  const files: { name: string; file: Promise<File> }[] = [];
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.byteLength;
      done(received > options.maxBytes ? tooLarge : null, chunk);
    },
  });
  try {
    // Throws at once for a multipart type without a boundary.
    const parser = busboy({
      headers: Object.fromEntries(request.headers),
      defParamCharset: "utf8",
      limits: { fieldSize: options.maxFieldBytes },
    });
    parser.on("field", (name, value) => form.append(name, value));
    parser.on("file", (name, stream, info) => {
      const path = join(options.dir, String(files.length));
      const written = pipeline(stream, createWriteStream(path, { mode: PRIVATE_FILE_MODE })).then(
        async () => {
          const onDisk = await openAsBlob(path, { type: info.mimeType });
          return new File([onDisk], info.filename ?? "", { type: info.mimeType });
        },
      );
      // A body cut off fails its file's write too; the body's own failure is the one answered.
      written.catch(() => {});
      files.push({ name, file: written });
    });
    await pipeline(
      Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
      counted,
      parser,
    );
    const written = await Promise.all(files.map((entry) => entry.file));
    for (const [index, entry] of files.entries()) form.append(entry.name, written[index]);
  } catch (err) {
    if (err === tooLarge || isHangUp(request, err)) throw err;
    throw options.malformed();
  }
  return form;
}
