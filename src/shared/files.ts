import { z } from "zod/mini";
import type { MessageKey } from "./i18n/message";

/** SPEC.md section 9: attachments and response files. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const ALLOWED_FILE_TYPES = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
} as const;
export type AllowedMimeType = keyof typeof ALLOWED_FILE_TYPES;

export const ALLOWED_EXTENSIONS = ["pdf", "jpg", "jpeg", "png"] as const;
/** For <input accept>. */
export const FILE_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/** Catalog keys (the tasks namespace): whoever shows a message translates it. */
export const FILE_MESSAGES = {
  wrongType: "tasks:file.wrongType",
  tooLarge: "tasks:file.tooLarge",
  openAttachmentFailed: "tasks:file.openAttachmentFailed",
  openResponseFailed: "tasks:file.openResponseFailed",
  viewFailed: "tasks:file.viewFailed",
  linkExpired: "tasks:file.linkExpired",
} as const satisfies Record<string, MessageKey>;

export type FileMessage = (typeof FILE_MESSAGES)[keyof typeof FILE_MESSAGES];

/**
 * A signed link's token in a path (/api/files/:token): base64url parts joined by dots.
 * Anything else is not a link of ours.
 */
export const fileTokenParam = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,4096}$/, FILE_MESSAGES.linkExpired)),
});

/** Signed link lifetimes in seconds: 60 in task lists, 3600 elsewhere. */
export const LINK_TTL = { list: 60, view: 3600 } as const;

/**
 * The browser's early check, by name and size; the server checks the bytes themselves.
 * Returns the message (a catalog key) to show, or null when the file may be sent.
 */
export function checkFileBeforeUpload(file: { name: string; size: number }): FileMessage | null {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extension))
    return FILE_MESSAGES.wrongType;
  if (file.size >= MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}
