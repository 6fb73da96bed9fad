import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../src/shared/dates";
import { message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask, taskVersion } from "../helpers/factories";
import { PDF_BYTES } from "../helpers/files";
import { createFingerprint } from "../helpers/fingerprint";
import { ROUTES } from "../helpers/routes";

const APP_URL = "https://tasks.hed.example";
const INTRANET = "https://intranet.hed.example";
const PASSWORD = "Quokka-Zebra-41";

/** What a page of another site can make a browser send, beside the session cookie. */
const FOREIGN: Record<string, Record<string, string>> = {
  "a foreign Origin": { Origin: "https://evil.example" },
  "a sibling subdomain's Origin": { Origin: "https://files.hed.example" },
  "the app's address over plain http": { Origin: "http://tasks.hed.example" },
  "Origin: null (a sandboxed frame)": { Origin: "null" },
  "a foreign Referer and no Origin": { Referer: "https://evil.example/page.html" },
  "Sec-Fetch-Site: cross-site and no Origin": { "Sec-Fetch-Site": "cross-site" },
  "Sec-Fetch-Site: same-site and no Origin": { "Sec-Fetch-Site": "same-site" },
  "nothing at all, with the session cookie": {},
};

const UNSAFE = ROUTES.filter((route) => route.method !== "GET");

describe("requests from other sites", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let worker: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let ids: Record<string, string>;
  /** The version of the task at ids.tasks: nothing here may change it. */
  let taskAt = "";

  /** A request as a browser page would send it: the given headers, no Origin of ours. */
  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    init: { cookie?: string; json?: unknown; body?: FormData } = {},
  ) {
    const all = new Headers(headers);
    if (init.cookie) all.set("Cookie", init.cookie);
    let body: BodyInit | undefined = init.body;
    if (init.json !== undefined) {
      all.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return t.app.request(path, { method, headers: all, body });
  }

  /** A body the route would accept from the app's own page, so a slip would change rows. */
  function bodyFor(path: string): { json?: unknown; body?: FormData } {
    const today = todayIn("Asia/Karachi");
    const task = {
      subject: "Forged",
      assignedTo: worker.id,
      assignDate: today,
      dueDate: today,
      taskType: "Task",
      status: "completed",
      remarks: "forged",
    };
    if (path === "/api/tasks" || path === "/api/tasks/:id") {
      const form = new FormData();
      for (const [key, value] of Object.entries(task)) form.append(key, value);
      if (path === "/api/tasks/:id") form.append("version", taskAt);
      return { body: form };
    }
    if (path.endsWith("/response-file")) {
      const form = new FormData();
      form.append("file", new File([PDF_BYTES], "forged.pdf", { type: "application/pdf" }));
      return { body: form };
    }
    if (path === "/api/me/language") return { json: { language: "ur" } };
    if (path.startsWith("/api/engagements")) {
      return {
        json: {
          date: today,
          time: "10:00",
          subject: "Forged",
          venue: "Cabinet Room",
          responsibility: "Secretary HED",
          status: "Scheduled",
        },
      };
    }
    return {
      json: {
        remarks: "forged",
        userId: "forged",
        fullName: "Forged",
        role: "admin",
        password: PASSWORD,
        newPassword: PASSWORD,
        name: "Forged",
        email: "forged@evil.example",
        username: "admin",
      },
    };
  }

  const pathOf = (path: string) => path.replace(":id", ids[path.split("/")[2]] ?? "");

  beforeAll(async () => {
    t = await createTestApp({ appUrl: APP_URL, trustedOrigins: [INTRANET] });
    admin = await t.signedInAs("admin");
    worker = await t.signedInAs("user");
    const victim = await t.makeUser();
    const task = await makeTask(t.db, { assignedTo: worker.id });
    const engagement = await (
      await t.request("/api/engagements", {
        method: "POST",
        cookie: admin.cookie,
        json: bodyFor("/api/engagements").json,
      })
    ).json();
    ids = { tasks: task.id, engagements: engagement.id, admin: victim.id };
    taskAt = await taskVersion(t, admin.cookie, task.id);
  });
  afterAll(() => t.close());

  it("covers every state-changing route", () => {
    expect(UNSAFE.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(ids).every((key) => ids[key])).toBe(true);
  });

  for (const [what, headers] of Object.entries(FOREIGN)) {
    it(`refuses ${what} on every state-changing route, and nothing changes`, async () => {
      const fingerprint = await createFingerprint(t.db);
      const before = await fingerprint();
      for (const route of UNSAFE) {
        const res = await send(route.method, pathOf(route.path), headers, {
          cookie: admin.cookie,
          ...bodyFor(route.path),
        });
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        const { error } = await res.json();
        expect(error.code).toBe("FORBIDDEN");
        expect(error.message).toContain(`Open the app at ${APP_URL} as configured.`);
      }
      expect(await fingerprint()).toEqual(before);
    });
  }

  it("says where the page was opened and where to open the app", async () => {
    const res = await send(
      "POST",
      "/api/auth/sign-in/username",
      { Origin: "http://10.0.0.5:3000" },
      {
        json: { username: "admin", password: PASSWORD },
      },
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(
      `This page was opened at http://10.0.0.5:3000, which is not the app's address. Open the app at ${APP_URL} as configured.`,
    );
  });

  it("says it in Urdu when the browser asks for Urdu, with the same addresses", async () => {
    const opened = await send(
      "POST",
      "/api/auth/sign-in/username",
      { Origin: "http://10.0.0.5:3000", "Accept-Language": "ur" },
      { json: { username: "admin", password: PASSWORD } },
    );
    expect(opened.status).toBe(403);
    const { error } = await opened.json();
    expect(error).toEqual({
      code: "FORBIDDEN",
      message: said(
        message("common:error.openedElsewhere", {
          openedAt: "http://10.0.0.5:3000",
          appUrl: APP_URL,
        }),
        "ur",
      ),
    });
    expect(error.message).toContain("http://10.0.0.5:3000");
    expect(error.message).toContain(APP_URL);
    expect(error.message).not.toContain("Open the app");

    const cookieOnly = await send(
      "POST",
      "/api/tasks/nothing/complete",
      { "Accept-Language": "ur" },
      { cookie: admin.cookie },
    );
    expect(cookieOnly.status).toBe(403);
    expect((await cookieOnly.json()).error.message).toBe(
      said(message("common:error.notFromApp", { appUrl: APP_URL }), "ur"),
    );
  });

  it("refuses e-mail and User ID sign-in alike from an untrusted page, and allows both from a trusted one", async () => {
    const person = await t.makeUser({ email: "alike@hed.example" });
    const attempts = [
      ["/api/auth/sign-in/email", { email: person.email, password: person.password }],
      ["/api/auth/sign-in/username", { username: person.userId, password: person.password }],
    ] as const;
    for (const [path, json] of attempts) {
      const foreign = await send("POST", path, { Origin: "http://127.0.0.1:3000" }, { json });
      expect(foreign.status, path).toBe(403);
      expect((await foreign.json()).error.message).toMatch(/^This page was opened at http:\/\/127/);
      for (const origin of [APP_URL, INTRANET]) {
        expect((await send("POST", path, { Origin: origin }, { json })).status, origin).toBe(200);
      }
    }
    const signUp = await send(
      "POST",
      "/api/auth/sign-up/email",
      { Origin: "http://127.0.0.1:3000" },
      { json: { name: "Someone", email: "someone@hed.example", password: PASSWORD } },
    );
    expect(signUp.status).toBe(403);
  });

  it("accepts the app's own pages and the trusted extra origin", async () => {
    const task = await makeTask(t.db, { assignedTo: worker.id });
    const remarks = (headers: Record<string, string>, text: string) =>
      send("PUT", `/api/tasks/${task.id}/remarks`, headers, {
        cookie: worker.cookie,
        json: { remarks: text },
      });
    expect((await remarks({ Origin: APP_URL }, "from the app")).status).toBe(200);
    expect((await remarks({ Origin: INTRANET }, "from the intranet")).status).toBe(200);
    expect((await remarks({ "Sec-Fetch-Site": "same-origin" }, "same origin")).status).toBe(200);
    expect((await remarks({ Referer: `${APP_URL}/user/dashboard` }, "referer")).status).toBe(200);
    const created = await send(
      "POST",
      "/api/tasks",
      { Origin: APP_URL },
      {
        cookie: admin.cookie,
        ...bodyFor("/api/tasks"),
      },
    );
    expect(created.status).toBe(201);
  });

  it("lets clients without a cookie or browser headers through (they act as nobody)", async () => {
    const res = await send(
      "POST",
      "/api/auth/sign-in/username",
      {},
      {
        json: { username: worker.userId, password: worker.password },
      },
    );
    expect(res.status).toBe(200);
    expect((await send("POST", "/api/tasks", {}, bodyFor("/api/tasks"))).status).toBe(401);
  });

  it("leaves reading alone", async () => {
    for (const headers of Object.values(FOREIGN)) {
      const res = await send("GET", "/api/tasks", headers, { cookie: admin.cookie });
      expect(res.status).toBe(200);
    }
  });
});
