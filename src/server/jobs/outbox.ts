import { and, count, desc, eq, lt } from "drizzle-orm";
import {
  NOTIFICATION_KEEP_DAYS,
  NOTIFICATION_MESSAGES,
  OUTBOX_PAGE_SIZE,
  type OutboxPage,
  type OutboxState,
} from "../../shared/notifications";
import { displayNameOf } from "../../shared/users";
import type { Db } from "../db/client";
import { jobs, user } from "../db/schema";
import { AppError } from "../http/errors";
import { mailPayloadOf } from "./kinds";

const DAY_MS = 24 * 60 * 60_000;

/** The admin outbox: every mail the app queued, and sending a failed one again. */
export function createOutbox({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    /**
     * Drops sent mail older than the notification centre keeps its notices (the daily
     * housekeeping); failed mail stays until an administrator has seen it.
     */
    async purgeOld(): Promise<number> {
      const before = new Date(clock().getTime() - NOTIFICATION_KEEP_DAYS * DAY_MS);
      const deleted = await db
        .delete(jobs)
        .where(and(eq(jobs.state, "done"), lt(jobs.finishedAt, before)))
        .returning({ id: jobs.id });
      return deleted.length;
    },

    async list(filters: { state: OutboxState | "all"; page: number }): Promise<OutboxPage> {
      const where = and(
        eq(jobs.kind, "mail"),
        filters.state === "all" ? undefined : eq(jobs.state, filters.state),
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            job: jobs,
            name: user.name,
            email: user.email,
            username: user.username,
          })
          .from(jobs)
          .leftJoin(user, eq(user.id, jobs.recipientId))
          .where(where)
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(OUTBOX_PAGE_SIZE)
          .offset((filters.page - 1) * OUTBOX_PAGE_SIZE),
        db.select({ total: count() }).from(jobs).where(where),
      ]);
      return {
        messages: rows.map(({ job, ...person }) => {
          const mail = mailPayloadOf(job);
          return {
            id: job.id,
            to: mail.to,
            recipientName: person.email === null ? null : displayNameOf(person),
            subject: mail.subject,
            state: job.state,
            attempts: job.attempts,
            lastError: job.lastError,
            createdAt: job.createdAt.toISOString(),
            runAt: job.runAt.toISOString(),
            finishedAt: job.finishedAt?.toISOString() ?? null,
          };
        }),
        total,
        page: filters.page,
        pageSize: OUTBOX_PAGE_SIZE,
      };
    },

    /** A failed mail goes back in the queue, due now, with its retries counted afresh. */
    async resend(id: string): Promise<void> {
      const updated = await db
        .update(jobs)
        .set({ state: "queued", runAt: clock(), attempts: 0, finishedAt: null })
        .where(and(eq(jobs.id, id), eq(jobs.kind, "mail"), eq(jobs.state, "failed")))
        .returning({ id: jobs.id });
      if (updated.length > 0) return;
      const [exists] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
      if (!exists) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.outboxNotFound);
      throw new AppError("CONFLICT", NOTIFICATION_MESSAGES.notResendable);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
