import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionMiddleware } from "../../src/server/auth/session";
import type { AppEnv } from "../../src/server/http/context";
import { handleError } from "../../src/server/http/errors";
import { requireRole, requireUser } from "../../src/server/http/guards";
import type { Role } from "../../src/shared/roles";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";

type Caller = "anonymous" | Role;
const CALLERS: Caller[] = ["anonymous", "user", "organization_head", "admin"];

describe("route guards", () => {
  let t: TestApp;
  const cookies = {} as Record<Caller, string | undefined>;
  let guarded: Hono<AppEnv>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ["user", "organization_head", "admin"] as const) {
      cookies[role] = (await t.signedInAs(role)).cookie;
    }
    // The same middleware the feature routers use, on real sessions from the real auth setup.
    guarded = new Hono<AppEnv>()
      .use(sessionMiddleware(t.auth, t.sessions))
      .get("/signed-in", requireUser, (c) => c.json({ role: c.var.user.role }))
      .get("/admin", requireRole("admin"), (c) => c.json({ ok: true }))
      .get("/monitor", requireRole("organization_head", "admin"), (c) => c.json({ ok: true }));
    guarded.onError((err, c) => handleError(err, c, pino({ level: "silent" })));
  });
  afterAll(() => t.close());

  const expected: Record<string, Record<Caller, number>> = {
    "/signed-in": { anonymous: 401, user: 200, organization_head: 200, admin: 200 },
    "/admin": { anonymous: 401, user: 403, organization_head: 403, admin: 200 },
    "/monitor": { anonymous: 401, user: 403, organization_head: 200, admin: 200 },
  };

  for (const [path, byCaller] of Object.entries(expected)) {
    for (const caller of CALLERS) {
      it(`${caller} gets ${byCaller[caller]} from a route guarded like ${path}`, async () => {
        const headers = cookies[caller] ? { Cookie: cookies[caller] } : undefined;
        const res = await guarded.request(path, { headers });
        expect(res.status).toBe(byCaller[caller]);
        if (res.status >= 400) {
          const body = await res.json();
          expect(body.error.code).toBe(res.status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN");
        }
      });
    }
  }

  it("GET /api/me answers 401 to anonymous callers and each role with its own role", async () => {
    expect((await t.request("/api/me")).status).toBe(401);
    for (const role of ["user", "organization_head", "admin"] as const) {
      const res = await t.request("/api/me", { cookie: cookies[role] });
      expect(res.status).toBe(200);
      expect((await res.json()).role).toBe(role);
    }
  });

  it("GET /api/public-config is open to anonymous callers", async () => {
    const res = await t.request("/api/public-config");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      signUpEnabled: true,
      timezone: "Asia/Karachi",
      passwordMinLength: 6,
      appUrl: TEST_ORIGIN,
      appOrigins: [TEST_ORIGIN],
    });
  });

  it("unknown API paths answer 404 in JSON", async () => {
    const res = await t.request("/api/nothing-here", { cookie: cookies.admin });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NOT_FOUND");
  });

  it("a forged session cookie counts as anonymous", async () => {
    const res = await t.request("/api/me", { cookie: "better-auth.session_token=forged.value" });
    expect(res.status).toBe(401);
  });
});
