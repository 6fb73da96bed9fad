import { createHash } from "node:crypto";
import type { auditEvents } from "../db/schema";

type AuditRow = typeof auditEvents.$inferSelect;

/** The first row's `prev_hash`: the chain starts from nothing. */
export const GENESIS_HASH = "0".repeat(64);

/** JSON with every object's keys sorted, so the same content always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

/**
 * A row's hash: SHA-256 over its previous row's hash and its own content (everything but
 * `hash`), so changing any row, or removing or reordering one, breaks every hash after it.
 */
export function auditHash(row: Omit<AuditRow, "hash">): string {
  const { prevHash, ...content } = row;
  return createHash("sha256")
    .update(prevHash)
    .update("\n")
    .update(canonicalJson({ ...content, at: content.at.toISOString() }))
    .digest("hex");
}
