import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/client";
import { jobs } from "../../src/server/db/schema";
import { mailPayloadOf } from "../../src/server/jobs/kinds";
import { queueMail } from "../../src/server/jobs/queue";
import { LEASE_MS, RETRY_DELAYS_MS } from "../../src/server/jobs/runner";
import { createMailer } from "../../src/server/mail/mailer";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";
import { smtpMailer, startSmtpReceiver } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

const silent = pino({ level: "silent" });

describe("the job runner", () => {
  let smtp: Smtp;
  let t: TestApp;
  let now = new Date("2026-11-25T05:00:00Z");
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      clock: () => now,
      runJobs: false,
      mailer: smtpMailer(smtp),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
    smtp.refuseNext(0);
  });

  async function queue(to: string, subject: string, db: Db = t.db) {
    await queueMail(
      db,
      TEST_ORIGIN,
      { to, subject, text: "Body", html: "<p>Body</p>" },
      {
        runAt: now,
      },
    );
  }

  const jobTo = async (to: string) => {
    const all = await t.db.select().from(jobs);
    const job = all.find((row) => mailPayloadOf(row).to === to);
    if (!job) throw new Error(`no job to ${to}`);
    return job;
  };

  it("retries after the SMTP server refuses twice, then sends once", async () => {
    await queue("retry@hed.example", "Retried");
    smtp.refuseNext(2);
    expect(await t.jobs.runDue()).toBe(1);
    let job = await jobTo("retry@hed.example");
    expect(job).toMatchObject({ state: "queued", attempts: 1 });
    expect(job.lastError).toContain("Try again later");
    expect(job.runAt.getTime()).toBe(now.getTime() + RETRY_DELAYS_MS[0]);

    // Not before its time.
    expect(await t.jobs.runDue()).toBe(0);
    later(RETRY_DELAYS_MS[0]);
    expect(await t.jobs.runDue()).toBe(1);
    job = await jobTo("retry@hed.example");
    expect(job).toMatchObject({ state: "queued", attempts: 2 });
    expect(job.runAt.getTime()).toBe(now.getTime() + RETRY_DELAYS_MS[1]);

    later(RETRY_DELAYS_MS[1]);
    expect(await t.jobs.runDue()).toBe(1);
    job = await jobTo("retry@hed.example");
    expect(job).toMatchObject({ state: "done", attempts: 3, lastError: null });
    expect(smtp.messages.filter((m) => m.subject === "Retried")).toHaveLength(1);
  });

  it("marks a mail failed after the last retry, and the outbox sends it again", async () => {
    await queue("failing@hed.example", "Failing");
    smtp.refuseNext(100);
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      later(delay);
      expect(await t.jobs.runDue()).toBe(1);
    }
    const job = await jobTo("failing@hed.example");
    expect(job).toMatchObject({ state: "failed", attempts: 5 });
    later(24 * 60 * 60_000);
    expect(await t.jobs.runDue()).toBe(0);

    const admin = await t.signedInAs("admin");
    const list = await t.request("/api/admin/outbox?state=failed", { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const page = await list.json();
    expect(page.messages).toEqual([
      expect.objectContaining({ id: job.id, to: "failing@hed.example", state: "failed" }),
    ]);
    expect(page.messages[0].lastError).toContain("Try again later");

    smtp.refuseNext(0);
    const resend = await t.request(`/api/admin/outbox/${job.id}/resend`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(resend.status).toBe(200);
    expect(await t.jobs.runDue()).toBe(1);
    expect(await jobTo("failing@hed.example")).toMatchObject({ state: "done", attempts: 1 });
    const again = await t.request(`/api/admin/outbox/${job.id}/resend`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(again.status).toBe(409);
  });

  it("keeps a mail queued while the SMTP server is down, to try again later", async () => {
    const gone = await startSmtpReceiver();
    await gone.close();
    const down = await createTestApp({
      clock: () => now,
      runJobs: false,
      mailer: createMailer({
        smtpUrl: gone.url,
        from: "x@hed.example",
        outboxDir: "/x",
        logger: silent,
      }),
    });
    try {
      await queueMail(
        down.db,
        TEST_ORIGIN,
        { to: "a@hed.example", subject: "S", text: "T", html: "H" },
        { runAt: now },
      );
      expect(await down.jobs.runDue()).toBe(1);
      const [job] = await down.db.select().from(jobs);
      expect(job).toMatchObject({ state: "queued", attempts: 1 });
      expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await down.close();
    }
  });

  it("loses nothing when a worker dies between claiming and sending", async () => {
    await queue("crash@hed.example", "After a crash");
    // A worker claims the job and dies before sending: the claim is a lease, not a loss.
    const claimed = await t.jobs.claim();
    expect(claimed.map((job) => mailPayloadOf(job).to)).toContain("crash@hed.example");
    expect(await t.jobs.runDue()).toBe(0);
    later(LEASE_MS);
    expect(await t.jobs.runDue()).toBe(1);
    expect(await jobTo("crash@hed.example")).toMatchObject({ state: "done", attempts: 2 });
    expect(smtp.messages.filter((m) => m.subject === "After a crash")).toHaveLength(1);
  });

  it("keeps a change and its mail together: a rolled-back transaction queues nothing", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(
          tx,
          TEST_ORIGIN,
          { to: "never@hed.example", subject: "S", text: "T", html: "H" },
          { runAt: now },
        );
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const all = await t.db.select().from(jobs);
    expect(all.some((job) => mailPayloadOf(job).to === "never@hed.example")).toBe(false);
  });

  it("lets only admins see the outbox", async () => {
    expect((await t.request("/api/admin/outbox")).status).toBe(401);
    for (const role of ["user", "organization_head"] as const) {
      const { cookie } = await t.signedInAs(role);
      expect((await t.request("/api/admin/outbox", { cookie })).status).toBe(403);
      const resend = await t.request(
        "/api/admin/outbox/00000000-0000-4000-8000-000000000000/resend",
        {
          method: "POST",
          cookie,
        },
      );
      expect(resend.status).toBe(403);
    }
    const admin = await t.signedInAs("admin");
    const missing = await t.request(
      "/api/admin/outbox/00000000-0000-4000-8000-000000000000/resend",
      {
        method: "POST",
        cookie: admin.cookie,
      },
    );
    expect(missing.status).toBe(404);
    const junk = await t.request("/api/admin/outbox?state=nonsense&page=-4", {
      cookie: admin.cookie,
    });
    expect(junk.status).toBe(200);
  });
});
