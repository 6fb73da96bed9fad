import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import type { JobPayloads } from "../db/schema/jobs";
import type { Mailer } from "../mail/mailer";
import { type JobHandlers, type JobKind, type MailPayload, typedJob } from "./kinds";

/** After the 1st, 2nd, 3rd and 4th failed attempt; a 5th failure marks the job failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** How long a claim holds: a worker that died is replaced once it runs out. */
export const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 10;

type JobRow = typeof jobs.$inferSelect;

/** An SMTP server's permanent refusal (a 5xx reply), as nodemailer reports it. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The mail kind's work: sent as queued, with the Message-ID it was given then. */
export function sendMail(mailer: Mailer) {
  return async ({ messageId, unsubscribeUrl, ...mail }: MailPayload): Promise<void> => {
    await mailer.send({
      ...mail,
      messageId,
      headers: unsubscribeUrl ? { "List-Unsubscribe": `<${unsubscribeUrl}>` } : undefined,
    });
  };
}

/** One kind's handler with its own payload (an indexed access keeps the two tied). */
function perform<K extends JobKind>(handlers: JobHandlers, kind: K, payload: JobPayloads[K]) {
  return handlers[kind](payload);
}

export type JobRunnerOptions = {
  db: Db;
  /** Each kind's work: the mail sent (sendMail), files removed (files/retention.ts). */
  handlers: JobHandlers;
  logger: Logger;
  clock: () => Date;
  /** How often to look for due jobs; other instances' jobs are found the same way. */
  pollMs?: number;
};

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Runs the jobs table: claims due jobs (and ones whose lease ran out) with FOR UPDATE SKIP
 * LOCKED, so each is taken by one worker across instances, runs them, then records the
 * outcome. A success followed by a crash before it is recorded runs the job again once the
 * lease ends (a mail keeps its Message-ID, so clients show it once).
 */
export function createJobRunner({ db, handlers, logger, clock, pollMs = 1000 }: JobRunnerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let lastPollAt: Date | undefined;
  let lastPollError: unknown;

  async function claim(): Promise<JobRow[]> {
    const now = clock();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.state, "queued"), lte(jobs.runAt, now)),
          and(eq(jobs.state, "running"), lte(jobs.leaseUntil, now)),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    return db
      .update(jobs)
      .set({
        state: "running",
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** Records the outcome, unless another worker has claimed the job since (its lease ran out). */
  async function settle(job: JobRow, error?: unknown) {
    const now = clock();
    const mine = and(
      eq(jobs.id, job.id),
      eq(jobs.state, "running"),
      eq(jobs.attempts, job.attempts),
    );
    if (error === undefined) {
      await db
        .update(jobs)
        .set({ state: "done", finishedAt: now, leaseUntil: null, lastError: null })
        .where(mine);
      return;
    }
    const lastError = error instanceof Error ? error.message : String(error);
    // A permanent refusal (SMTP 5xx: no such mailbox) will not change by waiting.
    const delay = isPermanent(error) ? undefined : RETRY_DELAYS_MS[job.attempts - 1];
    await db
      .update(jobs)
      .set(
        delay === undefined
          ? { state: "failed", finishedAt: now, leaseUntil: null, lastError }
          : {
              state: "queued",
              runAt: new Date(now.getTime() + delay),
              leaseUntil: null,
              lastError,
            },
      )
      .where(mine);
    logger.warn(
      { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error },
      "job failed",
    );
  }

  /** Runs every job due now, batch after batch; answers how many ran. */
  async function drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return count;
      for (const job of batch) {
        try {
          const { kind, payload } = typedJob(job);
          await perform(handlers, kind, payload);
          await settle(job);
        } catch (err) {
          await settle(job, err);
        }
      }
      count += batch.length;
    }
  }

  /** One pass at a time; a call meanwhile waits for the running pass and starts another. */
  function runDue(): Promise<number> {
    const previous = running ?? Promise.resolve(0);
    const next = previous
      .catch(() => 0)
      .then(drain)
      .finally(() => {
        if (running === next) running = undefined;
      });
    running = next;
    return next;
  }

  function poll() {
    runDue()
      .then(() => {
        lastPollAt = new Date();
        lastPollError = undefined;
      })
      .catch((err) => {
        lastPollError = err;
        logger.error({ err }, "job runner: poll failed");
      })
      .finally(() => {
        if (timer) timer = setTimeout(poll, pollMs).unref();
      });
  }

  return {
    runDue,
    /** Runs the `claim` step alone, as a worker that then dies would: for tests. */
    claim,
    start() {
      if (timer) return;
      timer = setTimeout(poll, 0).unref();
    },
    /** Stops polling and waits for a pass in progress (the database may close after). */
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
    /** For readiness: polling, and the last poll reached the database. */
    health() {
      return { polling: timer !== undefined, lastPollAt, lastPollError };
    },
  };
}
