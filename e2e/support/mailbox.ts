import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_MAILBOX_DIR } from "./env";

type Mail = { to: string[]; subject: string; text: string };

/** Waits for a message to `to` whose subject matches, as received by the test SMTP server. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(E2E_MAILBOX_DIR).sort()) {
      const mail = JSON.parse(readFileSync(join(E2E_MAILBOX_DIR, file), "utf8")) as Mail;
      if (mail.to.includes(to) && subject.test(mail.subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

export { firstLink } from "../../tests/helpers/smtp";
