import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { FILE_MESSAGES } from "../../src/shared/files";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";
import { fileOf, PNG_BYTES } from "../helpers/files";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** What Chromium sends when a link is opened in a new tab, and when the app fetches one. */
const NAVIGATION = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Sec-Fetch-Dest": "document",
};
const FETCH = { Accept: "*/*", "Sec-Fetch-Dest": "empty" };

describe("a dead file link opened in a browser tab", () => {
  let t: TestApp;
  let worker: Account;
  let other: Account;
  let deadLink = "";
  let liveLink = "";

  beforeAll(async () => {
    t = await createTestApp();
    worker = await t.signedInAs("user");
    other = await t.signedInAs("user");
    const upload = async (taskId: string) => {
      const form = new FormData();
      form.append("file", fileOf(PNG_BYTES, "reply.png"));
      const res = await t.request(`/api/tasks/${taskId}/response-file`, {
        method: "POST",
        cookie: worker.cookie,
        body: form,
      });
      expect(res.status).toBe(201);
      return (await res.json()).task.responseFile.url as string;
    };
    const moved = await makeTask(t.db, { assignedTo: worker.id });
    deadLink = await upload(moved.id);
    await t.db.update(tasks).set({ assignedTo: other.id }).where(eq(tasks.id, moved.id));
    liveLink = await upload((await makeTask(t.db, { assignedTo: worker.id })).id);
  });
  afterAll(() => t.close());

  it("shows a small page that says the link expired, with a way back and no script", async () => {
    const res = await t.request(deadLink, { headers: NAVIGATION });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toContain("script-src");
    const html = await res.text();
    expect(html).toContain(said(FILE_MESSAGES.linkExpired));
    expect(html).toContain('<a href="/">Return to Task Manager</a>');
    expect(html).not.toMatch(/<script|<link|\ssrc=/i);
  });

  it("speaks the browser's language: Urdu, right to left", async () => {
    const res = await t.request(deadLink, {
      headers: { ...NAVIGATION, "Accept-Language": "ur-PK,ur;q=0.9,en;q=0.8" },
    });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="ur" dir="rtl">');
    expect(html).toContain(said(FILE_MESSAGES.linkExpired, "ur"));
    expect(html).not.toContain(said(FILE_MESSAGES.linkExpired));
    const english = await (await t.request(deadLink, { headers: NAVIGATION })).text();
    expect(english).toContain('<html lang="en" dir="ltr">');
  });

  it("answers a browser that sends only Accept, and a malformed token, the same way", async () => {
    const byAccept = await t.request(deadLink, { headers: { Accept: NAVIGATION.Accept } });
    expect(byAccept.status).toBe(404);
    expect(await byAccept.text()).toContain(said(FILE_MESSAGES.linkExpired));
    const malformed = await t.request("/api/files/not%20a%20token", { headers: NAVIGATION });
    expect(malformed.status).toBe(404);
    expect(malformed.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("keeps the JSON error for the app's own requests", async () => {
    for (const headers of [FETCH, {}, { Accept: "text/html", "Sec-Fetch-Dest": "empty" }]) {
      const res = await t.request(deadLink, { headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: "NOT_FOUND", message: said(FILE_MESSAGES.linkExpired) },
      });
    }
  });

  it("still serves a live link opened in a tab", async () => {
    const res = await t.request(liveLink, { headers: NAVIGATION });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
  });
});
