import type { AddressInfo } from "node:net";
import pino from "pino";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";
import { createMailer } from "../../src/server/mail/mailer";

export type SmtpReceiverOptions = {
  /**
   * Addresses matching this are refused for good (550, no such mailbox) the first time a
   * message is sent to each, and accepted after: a failed mail that a resend then delivers.
   */
  bounceOnce?: RegExp;
};

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export async function startSmtpReceiver(
  onMessage?: (mail: Email) => void,
  options: SmtpReceiverOptions = {},
) {
  const messages: Email[] = [];
  const waiting: Array<() => void> = [];
  /** Messages still to refuse with a temporary failure (451), as a server in trouble does. */
  let refusals = 0;
  const bounced = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (options.bounceOnce?.test(to) && !bounced.has(to)) {
        bounced.add(to);
        callback(Object.assign(new Error("5.1.1 Mailbox unavailable"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 })),
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const mail = await PostalMime.parse(Buffer.concat(chunks));
        messages.push(mail);
        onMessage?.(mail);
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    /** The next `count` messages are refused (451) instead of kept. */
    refuseNext(count: number) {
      refusals = count;
    },
    /** Resolves with the first message to `to` whose subject matches, waiting up to 10 s. */
    async waitForMail(to: string, subject: RegExp): Promise<Email> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = messages.find(
          (m) =>
            m.to?.some((a) => a.address?.toLowerCase() === to.toLowerCase()) &&
            subject.test(m.subject ?? ""),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function firstLink(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error("no link in mail");
  return match[0];
}

/** The app's mailer, sending to `smtp` (a receiver from startSmtpReceiver). */
export function smtpMailer(smtp: { url: string }) {
  return createMailer({
    smtpUrl: smtp.url,
    from: "HED <no-reply@hed.example>",
    outboxDir: "/nonexistent",
    logger: pino({ level: "silent" }),
  });
}
