import type { JobKind, JobPayload, JobPayloads } from "../db/schema";
import type { MailAttachment } from "../mail/mailer";

/** The kinds and states are the schema's (db/schema/jobs.ts); their payloads are declared below. */
export {
  JOB_KINDS,
  JOB_STATES,
  type JobKind,
  type JobPayload,
  type JobState,
} from "../db/schema";

/** A mail, rendered when queued (in the recipient's language then) and sent as it is. */
export type MailPayload = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Kept across retries, so a mail sent twice (a crash after sending) is one to clients. */
  messageId: string;
  /** Where List-Unsubscribe points: the recipient's notification preferences. */
  unsubscribeUrl?: string;
  /** Files sent with it (an engagement's .ics), kept in the row so a retry sends the same. */
  attachments?: MailAttachment[];
};

/**
 * Each kind's payload, declared into the schema's column type (db/schema/jobs.ts) by the module
 * that queues and runs it: the mail here, a file removal in files/retention.ts.
 */
declare module "../db/schema/jobs" {
  interface JobPayloads {
    mail: MailPayload;
  }
}

/** What the runner does with each kind's payload; the composition root (app.ts) gives them. */
export type JobHandlers = { [K in JobKind]: (payload: JobPayloads[K]) => Promise<void> };

/**
 * A job with its payload typed by its kind. The row's columns are typed apart (any kind, any
 * payload); every insert writes a kind with its own payload, so reading them together is sound.
 */
export type TypedJob = { [K in JobKind]: { kind: K; payload: JobPayloads[K] } }[JobKind];

export function typedJob(job: { kind: JobKind; payload: JobPayload }): TypedJob {
  return { kind: job.kind, payload: job.payload } as TypedJob;
}

/** A mail job's payload; for readers that asked for mail rows only (the outbox). */
export function mailPayloadOf(job: { kind: JobKind; payload: JobPayload }): MailPayload {
  const typed = typedJob(job);
  if (typed.kind !== "mail") throw new Error(`job of kind ${job.kind} is not a mail`);
  return typed.payload;
}
