import { eq } from "drizzle-orm";
import { tryGetContext } from "hono/context-storage";
import type { AuditAction, AuditChanges, AuditEntity, AuditRule } from "../../shared/audit";
import type { Db } from "../db/client";
import { auditChain, auditEvents } from "../db/schema";
import type { AppEnv } from "../http/context";
import { auditHash } from "./chain";

/** Who acted: a person (their name as it is now), or one of the app's rules. */
export type AuditActor = { id: string; name: string } | { rule: AuditRule };

export type AuditEvent = {
  actor: AuditActor;
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  changes?: AuditChanges;
  reason?: string | null;
};

/** The request being served, when there is one (not in scheduled work). */
function currentRequestId(): string | null {
  return tryGetContext<AppEnv>()?.var.requestId ?? null;
}

/**
 * Appends `events` to the audit trail inside `tx`, the transaction of the change they record:
 * the change and its record commit together or not at all. Locks the chain's head for the rest
 * of the transaction, so concurrent writers chain one after the other, in commit order.
 */
export async function recordAudit(tx: Db, at: Date, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  const [head] = await tx.select().from(auditChain).where(eq(auditChain.id, 1)).for("update");
  let { lastId, lastHash } = head;
  const requestId = currentRequestId();
  const rows: (typeof auditEvents.$inferInsert)[] = [];
  for (const event of events) {
    const row = {
      id: lastId + 1,
      at,
      actorId: "id" in event.actor ? event.actor.id : null,
      actorName: "id" in event.actor ? event.actor.name : event.actor.rule,
      actorRule: "rule" in event.actor ? event.actor.rule : null,
      entity: event.entity,
      entityId: event.entityId,
      action: event.action,
      changes: event.changes ?? {},
      reason: event.reason ?? null,
      requestId,
      prevHash: lastHash,
    };
    const hash = auditHash(row);
    rows.push({ ...row, hash });
    lastId = row.id;
    lastHash = hash;
  }
  // Chunks keep each statement far under PostgreSQL's 65,535 parameters.
  for (let start = 0; start < rows.length; start += 1000)
    await tx.insert(auditEvents).values(rows.slice(start, start + 1000));
  await tx.update(auditChain).set({ lastId, lastHash }).where(eq(auditChain.id, 1));
}
