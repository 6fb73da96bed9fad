import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import type { MailMessage } from "../mail/mailer";

/** A mail's Message-ID, on the app's own host so clients can tell our messages apart. */
export function newMessageId(appUrl: string): string {
  return `<${randomUUID()}@${new URL(appUrl).hostname}>`;
}

export type MailJobOptions = {
  /** When to send it; now by default. */
  runAt: Date;
  recipientId?: string;
  /** One queued mail per key: a second one while the first still waits is dropped. */
  dedupeKey?: string;
  unsubscribeUrl?: string;
};

/**
 * Queues a mail in `db`, which is the transaction of the change that causes it: the change
 * and its mail commit together or not at all. The runner (runner.ts) sends it.
 */
export async function queueMail(
  db: Db,
  appUrl: string,
  mail: MailMessage,
  options: MailJobOptions,
): Promise<void> {
  await queueMails(db, appUrl, [{ mail, options }]);
}

/** Rows per insert: well under PostgreSQL's 65,535 bound parameters (7 per row). */
const MAILS_PER_INSERT = 500;

/**
 * Queues many mails as queueMail does, a few hundred rows per insert: a morning's thousands of
 * Daily Briefs take a handful of round trips instead of one each.
 */
export async function queueMails(
  db: Db,
  appUrl: string,
  entries: readonly { mail: MailMessage; options: MailJobOptions }[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += MAILS_PER_INSERT)
    await db
      .insert(jobs)
      .values(
        entries.slice(start, start + MAILS_PER_INSERT).map(({ mail, options }) => ({
          kind: "mail" as const,
          payload: {
            ...mail,
            messageId: newMessageId(appUrl),
            unsubscribeUrl: options.unsubscribeUrl,
          },
          runAt: options.runAt,
          recipientId: options.recipientId,
          dedupeKey: options.dedupeKey,
        })),
      )
      .onConflictDoNothing();
}

export type MailQueue = {
  /**
   * Queues `mail` now, in `options.db` when given (the transaction of the change that causes
   * it), else on its own.
   */
  queue(mail: MailMessage, options?: { db?: Db; recipientId?: string }): Promise<void>;
};

export function createMailQueue(deps: { db: Db; appUrl: string; clock: () => Date }): MailQueue {
  return {
    queue: (mail, options = {}) =>
      queueMail(options.db ?? deps.db, deps.appUrl, mail, {
        runAt: deps.clock(),
        recipientId: options.recipientId,
      }),
  };
}
