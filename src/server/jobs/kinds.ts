import type { MailAttachment } from "../mail/mailer";

/** The kinds of background work; a job's payload is its kind's. */
export const JOB_KINDS = ["mail"] as const;
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

export type JobPayload = MailPayload;
