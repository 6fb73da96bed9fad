/** Small real files of each allowed kind, and impostors, for upload tests. */

// A 1x1 transparent PNG.
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export const PDF_BYTES = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
  ].join("\n"),
);

// The start of a Windows executable: what a renamed .exe looks like.
export const EXE_BYTES = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 0x90)]);

export const HTML_BYTES = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");

export function fileOf(bytes: Uint8Array, name: string, type = "application/octet-stream"): File {
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
}
