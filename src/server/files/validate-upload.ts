import { fileTypeFromBlob } from "file-type";
import {
  ALLOWED_FILE_TYPES,
  type AllowedMimeType,
  FILE_MESSAGES,
  MAX_FILE_BYTES,
} from "../../shared/files";
import { AppError } from "../http/errors";
import { safeFileName } from "./file-name";

export type CheckedUpload = {
  /** The file itself, read when it is stored (from disk, for an upload: http/multipart.ts). */
  content: Blob;
  mimeType: AllowedMimeType;
  extension: string;
  /** The name the user gave the file, cleaned, with the extension of its detected type. */
  fileName: string;
};

/**
 * Accepts a PDF, JPEG or PNG strictly under 10 MB, judged by its first bytes (all file-type
 * reads of it), not its name.
 */
export async function checkUpload(file: File): Promise<CheckedUpload> {
  if (file.size >= MAX_FILE_BYTES) throw new AppError("TOO_LARGE", FILE_MESSAGES.tooLarge);
  const detected = await fileTypeFromBlob(file);
  const mimeType = detected?.mime as AllowedMimeType | undefined;
  if (!mimeType || !(mimeType in ALLOWED_FILE_TYPES)) {
    throw new AppError("VALIDATION", FILE_MESSAGES.wrongType);
  }
  const extension = ALLOWED_FILE_TYPES[mimeType];
  return { content: file, mimeType, extension, fileName: safeFileName(file.name, mimeType) };
}
