import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "./columns";
import { user } from "./users";

/** The kinds of background work; a job's payload is its kind's. */
export const JOB_KINDS = ["mail", "remove_files"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** queued: waiting for its time; running: claimed (a lease); done; failed: out of retries. */
export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Each kind's payload, by kind. The schema names the kinds and leaves the payloads to the queue:
 * jobs/kinds.ts declares them into this interface (declaration merging), so the table's column is
 * typed without the schema importing what a payload carries (mail attachments, storage buckets).
 * A kind given no payload there fails to compile at `JobPayload`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by jobs/kinds.ts (declaration merging).
export interface JobPayloads {}
export type JobPayload = JobPayloads[JobKind];

/**
 * Background work (jobs/runner.ts): written in the transaction of the change that causes it,
 * claimed with FOR UPDATE SKIP LOCKED, so each job runs once across instances. A claim is a
 * lease: a worker that dies mid-job leaves it to be claimed again when the lease runs out.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    payload: jsonb("payload").$type<JobPayload>().notNull(),
    state: text("state", { enum: JOB_STATES }).notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** Work that must not be queued twice (a batched mail): one queued job per key. */
    dedupeKey: text("dedupe_key"),
    /** The person a mail is for, so the outbox can name them and preferences can apply. */
    recipientId: text("recipient_id").references(() => user.id, { onDelete: "set null" }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("jobs_kind_check", oneOf(sql`${t.kind}`, JOB_KINDS)),
    check("jobs_state_check", oneOf(sql`${t.state}`, JOB_STATES)),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    // In the order the outbox lists them (`desc nulls first`: see notifications_user_idx).
    index("jobs_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex("jobs_queued_dedupe_key").on(t.dedupeKey).where(sql`${t.state} = 'queued'`),
  ],
);

/**
 * One row per run of a schedule (digest of a day, escalation check of a day): whoever inserts
 * it runs that slot, so several instances run each schedule once.
 */
export const scheduleRuns = pgTable(
  "schedule_runs",
  {
    schedule: text("schedule").notNull(),
    slot: text("slot").notNull(),
    claimedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schedule, t.slot] })],
);
