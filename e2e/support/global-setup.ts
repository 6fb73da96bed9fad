import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startAppServer } from "../../scripts/app-server";
import { startSmtpReceiver } from "../../tests/helpers/smtp";
import { E2E_ADMIN_PASSWORD, E2E_MAILBOX_DIR, E2E_PORT, E2E_SERVER } from "./env";

/** A real SMTP receiver that drops each message into the mailbox folder the specs read. */
async function startMailbox() {
  rmSync(E2E_MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAILBOX_DIR, { recursive: true });
  let count = 0;
  return startSmtpReceiver(
    (mail) => {
      count += 1;
      const record = { to: mail.to?.map((a) => a.address), subject: mail.subject, text: mail.text };
      writeFileSync(
        join(E2E_MAILBOX_DIR, `${String(count).padStart(4, "0")}.json`),
        JSON.stringify(record),
      );
    },
    // The outbox spec's failed mail (office.spec.ts): refused once for good, delivered when
    // sent again.
    { bounceOnce: /@bounce\.example$/i },
  );
}

/** Starts a real SMTP receiver and the built app on a fresh embedded database. */
export default async function globalSetup() {
  const mailbox = await startMailbox();
  const server = await startAppServer({
    port: E2E_PORT,
    bundle: E2E_SERVER.bundle,
    env: {
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SMTP_URL: mailbox.url,
      SIGNUP_ENABLED: "true",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      WEB_DIR: E2E_SERVER.webDir,
    },
  });

  return async () => {
    await server.stop();
    await mailbox.close();
    rmSync(E2E_MAILBOX_DIR, { recursive: true, force: true });
  };
}
