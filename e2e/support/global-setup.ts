import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startAppServer } from "../../scripts/app-server";
import { startSmtpReceiver } from "../../tests/helpers/smtp";
import { E2E_ADMIN_PASSWORD, E2E_SERVER, E2E_WORKERS, e2eServerOf } from "./env";

/** A real SMTP receiver that drops each message into the mailbox folder the specs read. */
async function startMailbox(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  return startSmtpReceiver(
    (mail) => {
      count += 1;
      const record = { to: mail.to?.map((a) => a.address), subject: mail.subject, text: mail.text };
      writeFileSync(join(dir, `${String(count).padStart(4, "0")}.json`), JSON.stringify(record));
    },
    // The outbox spec's failed mail (office.spec.ts): refused once for good, delivered when
    // sent again.
    { bounceOnce: /@bounce\.example$/i },
  );
}

/** A real SMTP receiver and the built app on a fresh embedded database, for one worker. */
async function startWorkerServer(index: number) {
  const { port, mailboxDir } = e2eServerOf(index);
  const mailbox = await startMailbox(mailboxDir);
  try {
    const server = await startAppServer({
      port,
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
      rmSync(mailboxDir, { recursive: true, force: true });
    };
  } catch (err) {
    await mailbox.close();
    throw err;
  }
}

/** Starts every worker's server at once; the teardown stops them all. */
export default async function globalSetup() {
  const started = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, (_, index) => startWorkerServer(index)),
  );
  const stops = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = () => Promise.all(stops.map((stop) => stop()));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
