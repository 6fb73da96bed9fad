import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskItem } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, makeTask } from "../helpers/factories";
import { fileOf, PDF_BYTES } from "../helpers/files";
import { createFingerprint } from "../helpers/fingerprint";
import {
  bodyInit,
  describeBody,
  encodePart,
  type FuzzBody,
  formBody,
  jsonBody,
  nastyString,
  type Pools,
  pathPart,
  queryString,
} from "../helpers/fuzz";
import { type Method, ROUTES, type Route, SIGNED_IN, type Who } from "../helpers/routes";

/**
 * Property-based fuzzing of every route (the routers under src/server/*\/routes.ts and the
 * open auth endpoints of src/server/auth/handler.ts): whatever arrives, the answer is never a
 * server error, and a refused request (4xx) changes no row. FUZZ_RUNS sets the cases per route.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const TIMEOUT_MS = Math.max(60_000, RUNS * 400);

type Case = { who: Who; path: string; body: FuzzBody; hasOrigin: boolean; forged: string };

function caseOf(route: Route, pools: Pools): fc.Arbitrary<Case> {
  const parts = Object.entries(route.params ?? {}).map(([name, pool]) =>
    pathPart(pool(pools)).map((value) => [name, value] as const),
  );
  const path = fc
    .tuple(fc.tuple(...parts), route.query ? queryString(route.query, pools) : fc.constant(""))
    .map(
      ([filled, query]) =>
        filled.reduce((text, [name, value]) => text.replace(`:${name}`, value), route.path) + query,
    );
  const noBody = fc.constant<FuzzBody>({ kind: "none" });
  const body: fc.Arbitrary<FuzzBody> =
    route.method === "GET"
      ? noBody
      : route.form
        ? formBody(route.form.fields, route.form.files, pools)
        : route.json
          ? jsonBody(route.json, pools)
          : fc.oneof({ arbitrary: noBody, weight: 3 }, jsonBody([], pools));
  return fc.record({
    who: fc.constantFrom(...(route.as ?? SIGNED_IN)),
    path,
    body,
    hasOrigin: fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, fc.constant(false)),
    forged: fc
      .tuple(nastyString, nastyString)
      .map(
        ([token, data]) =>
          `better-auth.session_token=${encodePart(token)}; better-auth.session_data=${encodePart(data)}`,
      ),
  });
}

describe("no input gives a server error, and a refused request changes nothing", () => {
  let t: TestApp;
  let pools: Pools;
  let cookies: Record<"user" | "organization_head" | "admin", string>;
  let signOutAccount: string;
  let fingerprint: () => Promise<Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ runJobs: false });
    const admin = await t.signedInAs("admin");
    const user = await t.signedInAs("user");
    const head = await t.signedInAs("organization_head");
    cookies = { admin: admin.cookie, user: user.cookie, organization_head: head.cookie };
    signOutAccount = (await t.makeUser()).userId;
    const victims = await Promise.all([1, 2, 3].map(() => t.makeUser()));

    const form = formOf({
      subject: "With attachment",
      assignedTo: user.id,
      assignDate: "2026-11-01",
      dueDate: "2026-11-30",
    });
    form.append("attachment", fileOf(PDF_BYTES, "note.pdf"));
    const created = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: form,
    });
    expect(created.status).toBe(201);
    const withFile: TaskItem = await created.json();
    const tasks = await Promise.all([
      makeTask(t.db, { assignedTo: user.id }),
      makeTask(t.db, { assignedTo: user.id, dueDate: "2020-01-01" }),
      makeTask(t.db, { assignedTo: victims[0].id }),
    ]);

    const engagements = await Promise.all(
      ["10:00", "11:00"].map(async (time) => {
        const res = await t.request("/api/engagements", {
          method: "POST",
          cookie: admin.cookie,
          json: {
            date: "2026-11-05",
            time,
            subject: "Budget",
            venue: "Cabinet Room",
            responsibility: "Secretary",
            status: "Scheduled",
          },
        });
        return ((await res.json()) as { id: string }).id;
      }),
    );
    const feed = await t.request("/api/calendar/feed", { cookie: user.cookie });
    const feedUrl = ((await feed.json()) as { url: string }).url;

    pools = {
      taskIds: [withFile.id, ...tasks.map((task) => task.id)],
      engagementIds: engagements,
      accountIds: victims.map((victim) => victim.id),
      assigneeIds: [user.id, admin.id, ...victims.map((victim) => victim.id)],
      calendarFiles: [feedUrl.split("/").pop() as string],
      fileTokens: [withFile.attachment?.url.split("/").pop() as string],
    };
    // Refused sign-ins are counted on purpose (the throttle); nothing else may change.
    fingerprint = await createFingerprint(t.db, ["sign_in_failures"]);
  }, 120_000);
  afterAll(() => t?.close());

  async function cookieFor({ who, forged }: Case): Promise<string | undefined> {
    if (who === "anonymous") return undefined;
    if (who === "forged cookie") return forged;
    if (who === "fresh session") return t.signIn(signOutAccount);
    return cookies[who];
  }

  async function send(route: Route, input: Case, cookie: string | undefined) {
    const { body, headers } = bodyInit(input.body);
    const request = new Request(new URL(input.path, "http://localhost"), {
      method: route.method,
      headers: {
        ...headers,
        ...(input.hasOrigin ? { Origin: "http://localhost:3000" } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body,
    });
    return t.app.request(request);
  }

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s",
    async (_, route) => {
      let baseline = await fingerprint();
      await fc.assert(
        fc.asyncProperty(caseOf(route, pools), async (input) => {
          const cookie = await cookieFor(input);
          // Signing in for the case wrote a session row: that is not the request's doing.
          if (input.who === "fresh session") baseline = await fingerprint();
          const res = await send(route, input, cookie);
          const sender = input.who === "forged cookie" ? `Cookie ${input.forged}` : input.who;
          const what = `${route.method} ${input.path} as ${sender}${input.hasOrigin ? "" : " without Origin"} with ${describeBody(input.body)}`;
          if (route.isStream && res.ok) await res.body?.cancel();
          const text = route.isStream ? "" : await res.text();
          if (res.status >= 500) throw new Error(`${res.status} for ${what}: ${text}`);
          const after = await fingerprint();
          if (res.status >= 400) {
            const changed = Object.keys(after).filter((table) => after[table] !== baseline[table]);
            if (changed.length)
              throw new Error(`${res.status} changed ${changed.join(", ")} for ${what}: ${text}`);
          }
          baseline = after;
        }),
        { numRuns: route.isCostly ? Math.ceil(RUNS / 3) : RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    "unknown paths under /api answer 404, whatever the method",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Method>("GET", "POST", "PUT", "PATCH", "DELETE"),
          nastyString,
          async (method, junk) => {
            const path = `/api/nothing-here/${encodeURIComponent(junk.replace(/[\ud800-\udfff]/g, ""))}`;
            const res = await t.app.request(path, {
              method,
              headers: { Origin: "http://localhost:3000", Cookie: cookies.admin },
            });
            expect(res.status, `${method} ${path}`).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it("the fixtures' sessions survived the fuzzing (the runs really were signed in)", async () => {
    for (const cookie of Object.values(cookies)) {
      expect((await t.request("/api/me", { cookie })).status).toBe(200);
    }
  });
});
