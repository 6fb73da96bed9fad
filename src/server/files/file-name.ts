import { ALLOWED_FILE_TYPES, type AllowedMimeType } from "../../shared/files";

/**
 * Control characters (C0, DEL, C1), bidirectional controls (LRM/RLM/ALM, embeddings and
 * overrides, isolates: "poly\u202Efdp.jar" shows as "polyraj.pdf") and invisible format
 * characters that can hide part of a name.
 */
const HIDDEN_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Characters no file system or Content-Disposition parser takes well. */
const RESERVED_CHARACTERS = /[\\/:*?"<>|]/g;

/** The name's length in UTF-8 bytes, bounded well under file systems' 255. */
const MAX_NAME_BYTES = 150;

function truncateToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let result = "";
  for (const character of text) {
    bytes += Buffer.byteLength(character);
    if (bytes > maxBytes) break;
    result += character;
  }
  return result;
}

/**
 * The name a stored file is shown and downloaded under: hidden and reserved characters
 * removed, trimmed, bounded in length, and ending in the extension of the type detected from
 * its bytes (whatever the uploader called it: "poly.jar" holding a PDF is "poly.pdf").
 */
export function safeFileName(name: string, mimeType: string): string {
  const extension = ALLOWED_FILE_TYPES[mimeType as AllowedMimeType] ?? "bin";
  const visible = name
    .normalize("NFC")
    .replace(HIDDEN_CHARACTERS, "")
    .replace(RESERVED_CHARACTERS, "_")
    .trim();
  const dot = visible.lastIndexOf(".");
  const stem = (dot >= 0 ? visible.slice(0, dot) : visible).replace(/^[.\s]+|[.\s]+$/g, "");
  const bounded = truncateToBytes(stem, MAX_NAME_BYTES - extension.length - 1).trim();
  return `${bounded || "file"}.${extension}`;
}
