import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_RULES,
  type AuditChanges,
} from "../../../shared/audit";
import { oneOf } from "./columns";

/**
 * The audit trail: one row per change, append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE; migration 0012) and hash-chained in `id` order: `hash` covers the row's content and
 * `prev_hash`, the row before's `hash` (server/audit/chain.ts). No foreign keys: a record
 * outlives the account, task or engagement it names.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    /** The chain's order, given out under the chain head's lock (not a sequence, which skips). */
    id: bigint("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The person who acted, or null when a rule did. */
    actorId: text("actor_id"),
    /** Their name then (an account may later be renamed or deleted); the rule's key otherwise. */
    actorName: text("actor_name").notNull(),
    actorRule: text("actor_rule", { enum: AUDIT_RULES }),
    entity: text("entity", { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    changes: jsonb("changes").$type<AuditChanges>().notNull(),
    reason: text("reason"),
    requestId: text("request_id"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    check("audit_events_entity_check", oneOf(sql`${t.entity}`, AUDIT_ENTITIES)),
    check("audit_events_action_check", oneOf(sql`${t.action}`, AUDIT_ACTIONS)),
    // Descending with nulls first, as `order by id desc` reads: a filtered page is read straight
    // off the index (a plain desc() means nulls last, which that order cannot use).
    index("audit_events_entity_idx").on(t.entity, t.entityId, t.id.desc().nullsFirst()),
    index("audit_events_actor_idx").on(t.actorId, t.id.desc().nullsFirst()),
    index("audit_events_at_idx").on(t.at),
  ],
);

/**
 * How many audit rows there are per record type, action and actor ('' for a rule), kept by a
 * statement trigger on insert (migration 0014; rows are never updated or deleted), so the Audit
 * Log's total is a sum over a few rows instead of a count over the whole trail.
 */
export const auditCounts = pgTable(
  "audit_counts",
  {
    entity: text("entity", { enum: AUDIT_ENTITIES }).notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    actorId: text("actor_id").notNull().default(""),
    total: bigint("total", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.action, t.actorId] })],
);

/**
 * The last row the Audit Log's chain status verified (one row, absent until the first walk), so
 * a restart does not walk a trail of millions again: the next walk starts after it once that
 * row is found unchanged (server/audit/verify.ts). `npm run audit:verify` ignores it.
 */
export const auditCheckpoint = pgTable(
  "audit_checkpoint",
  {
    id: integer("id").primaryKey(),
    lastId: bigint("last_id", { mode: "number" }).notNull(),
    lastHash: text("last_hash").notNull(),
  },
  (t) => [check("audit_checkpoint_single_row", sql`${t.id} = 1`)],
);

/**
 * The chain's head: one row, locked by every writer of the trail for the rest of its
 * transaction, so rows get consecutive ids and each chains to the one committed before it.
 */
export const auditChain = pgTable(
  "audit_chain",
  {
    id: integer("id").primaryKey(),
    lastId: bigint("last_id", { mode: "number" }).notNull(),
    lastHash: text("last_hash").notNull(),
  },
  (t) => [check("audit_chain_single_row", sql`${t.id} = 1`)],
);
