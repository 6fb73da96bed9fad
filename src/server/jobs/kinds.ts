import type { Bucket } from "../files/storage";
import type { MailAttachment } from "../mail/mailer";

/** The kinds of background work; a job's payload is its kind's. */
export const JOB_KINDS = ["mail", "remove_files"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** queued: waiting for its time; running: claimed (a lease); done; failed: out of retries. */
export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

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
 * Stored files to remove (a deleted task's attachment and response file), queued with the
 * delete and due once the office's retention period has passed.
 */
export type RemoveFilesPayload = { files: { bucket: Bucket; key: string }[] };

type PayloadOf = { mail: MailPayload; remove_files: RemoveFilesPayload };

export type JobPayload = PayloadOf[JobKind];

/**
 * A job with its payload typed by its kind. The row's columns are typed apart (any kind, any
 * payload); every insert writes a kind with its own payload, so reading them together is sound.
 */
export type TypedJob = { [K in JobKind]: { kind: K; payload: PayloadOf[K] } }[JobKind];

export function typedJob(job: { kind: JobKind; payload: JobPayload }): TypedJob {
  return { kind: job.kind, payload: job.payload } as TypedJob;
}

/** A mail job's payload; for readers that asked for mail rows only (the outbox). */
export function mailPayloadOf(job: { kind: JobKind; payload: JobPayload }): MailPayload {
  const typed = typedJob(job);
  if (typed.kind !== "mail") throw new Error(`job of kind ${job.kind} is not a mail`);
  return typed.payload;
}
