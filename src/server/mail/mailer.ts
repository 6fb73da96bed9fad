import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

/** A file sent with a mail, its content as text (an engagement's .ics). */
export type MailAttachment = { filename: string; content: string; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

/** A mail as it leaves: with the Message-ID it keeps across retries, and extra headers. */
export type OutgoingMail = MailMessage & { messageId?: string; headers?: Record<string, string> };

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
}

/**
 * Sends over SMTP_URL; without one, each message is kept as an .eml file in
 * DATA_DIR/outbox, so a single-machine install still works. Reset and verification mails
 * carry links that act for their recipient: the files are readable by the server's own
 * user only, and the log names the file and the recipient, never the body.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    // Well inside the job runner's lease (jobs/runner.ts), so a hung server fails the attempt
    // before another worker could claim the same mail.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      // An outbox made by an older version, or by hand, may be open to other users.
      await chmod(outboxDir, 0o700);
      const file = join(
        outboxDir,
        `${new Date().toISOString().replaceAll(":", "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: "wx" });
      logger.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}
