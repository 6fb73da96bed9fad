import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSmtpReceiver } from "../../tests/helpers/smtp";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL, E2E_MAILBOX_DIR, E2E_PORT } from "./env";

/** A real SMTP receiver that drops each message into the mailbox folder the specs read. */
async function startMailbox() {
  rmSync(E2E_MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAILBOX_DIR, { recursive: true });
  let count = 0;
  return startSmtpReceiver((mail) => {
    count += 1;
    const record = { to: mail.to?.map((a) => a.address), subject: mail.subject, text: mail.text };
    writeFileSync(
      join(E2E_MAILBOX_DIR, `${String(count).padStart(4, "0")}.json`),
      JSON.stringify(record),
    );
  });
}

async function waitUntilUp(child: ChildProcess, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${E2E_BASE_URL}/api/public-config`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("app server did not start in time");
}

/** Starts a real SMTP receiver and the built app on a fresh embedded database. */
export default async function globalSetup() {
  const mailbox = await startMailbox();
  const dataDir = mkdtempSync(join(tmpdir(), "hed-e2e-data-"));

  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      APP_URL: E2E_BASE_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SMTP_URL: mailbox.url,
      SIGNUP_ENABLED: "true",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      WEB_DIR: process.env.E2E_WEB_DIR ?? "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitUntilUp(child, 60_000);

  return async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(E2E_MAILBOX_DIR, { recursive: true, force: true });
  };
}
