import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../src/server/audit/verify";
import { auditCheckpoint } from "../../src/server/db/schema";
import type { AuditChainStatus } from "../../src/shared/audit";
import { createTestApp, type TestApp } from "../helpers/app";

/** A fresh app whose trail the test grows and forges; closed after `body`. */
async function withTrail(body: (trail: Awaited<ReturnType<typeof trailOf>>) => Promise<void>) {
  const t = await createTestApp({ runJobs: false });
  try {
    await body(await trailOf(t));
  } finally {
    await t.close();
  }
}

async function trailOf(t: TestApp) {
  const admin = await t.signedInAs("admin");
  let day = 0;
  return {
    db: t.db,
    /** One more row in the trail: a holiday added. */
    async addRows(count: number) {
      for (let i = 0; i < count; i++) {
        day += 1;
        const res = await t.request("/api/office/holidays", {
          method: "POST",
          cookie: admin.cookie,
          json: { date: `2031-01-${String(day).padStart(2, "0")}`, name: `Holiday ${day}` },
        });
        expect(res.status).toBe(201);
      }
    },
    async status(): Promise<AuditChainStatus> {
      const res = await t.request("/api/audit/status", { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return res.json();
    },
    /** Changes a row's content behind the append-only trigger's back, as a forger would. */
    async forge(id: number) {
      await t.db.execute(sql`alter table audit_events disable trigger audit_events_no_update`);
      await t.db.execute(
        sql`update audit_events set changes = '{"name":{"before":null,"after":"forged"}}' where id = ${id}`,
      );
      await t.db.execute(sql`alter table audit_events enable trigger audit_events_no_update`);
    },
  };
}

describe("the audit chain's status, verified from where the last call left off", () => {
  it("walks the rows added since the last call and finds a forged one among them", () =>
    withTrail(async (trail) => {
      await trail.addRows(3);
      expect(await trail.status()).toEqual({ ok: true, count: 3, lastId: 3 });
      await trail.addRows(3);
      expect(await trail.status()).toEqual({ ok: true, count: 6, lastId: 6 });
      await trail.addRows(2);
      await trail.forge(7);
      expect(await trail.status()).toMatchObject({ ok: false, brokenAt: 7, verifiedUpTo: 6 });
    }));

  it("leaves a row forged below the remembered one to audit:verify", () =>
    withTrail(async (trail) => {
      await trail.addRows(3);
      expect(await trail.status()).toEqual({ ok: true, count: 3, lastId: 3 });
      await trail.forge(2);
      expect(await trail.status()).toEqual({ ok: true, count: 3, lastId: 3 });
      expect(await verifyAuditChain(trail.db)).toMatchObject({ ok: false, brokenAt: 2 });
    }));

  it("walks from the first row again when the remembered row is not what it was", () =>
    withTrail(async (trail) => {
      await trail.addRows(3);
      expect(await trail.status()).toEqual({ ok: true, count: 3, lastId: 3 });
      await trail.forge(2);
      await trail.forge(3);
      expect(await trail.status()).toMatchObject({ ok: false, brokenAt: 2, verifiedUpTo: 1 });
    }));

  it("keeps its place in the database: a restarted server walks on from there", async () => {
    const t = await createTestApp({ runJobs: false });
    try {
      const trail = await trailOf(t);
      await trail.addRows(3);
      expect(await trail.status()).toEqual({ ok: true, count: 3, lastId: 3 });
      const [saved] = await t.db.select().from(auditCheckpoint);
      expect(saved.lastId).toBe(3);
      // Forged below the kept place: a second instance (a restart) does not walk it again.
      await trail.forge(2);
      const restarted = await createTestApp({ instanceOf: t, runJobs: false });
      try {
        const admin = await restarted.signedInAs("admin");
        const res = await restarted.request("/api/audit/status", { cookie: admin.cookie });
        expect(await res.json()).toEqual({ ok: true, count: 3, lastId: 3 });
      } finally {
        await restarted.close();
      }
      expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, brokenAt: 2 });
    } finally {
      await t.close();
    }
  });
});
