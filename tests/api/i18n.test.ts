import { eq, inArray } from "drizzle-orm";
import type { Email } from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/server/db/schema";
import { startingResponse } from "../../src/server/health/routes";
import type { Language } from "../../src/shared/i18n/languages";
import { type Message, message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import type { Role } from "../../src/shared/roles";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";
import { createFingerprint } from "../helpers/fingerprint";
import { smtpMailer, startSmtpReceiver } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;
type ErrorAnswer = { status: number; code: string; message: string };

const URDU_LETTERS = /[\u0600-\u06ff]/;

async function errorOf(res: Response): Promise<ErrorAnswer> {
  const body = await res.json();
  return { status: res.status, code: body.error?.code, message: body.error?.message };
}

/** The same error in both languages: same status and code, the message in each. */
function inBoth(status: number, code: string, text: Message) {
  return {
    en: { status, code, message: said(text, "en") },
    ur: { status, code, message: said(text, "ur") },
  };
}

describe("the API speaks the caller's language", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A request with the browser's Accept-Language (none when `language` is undefined). */
  function ask(path: string, language?: string, init: { cookie?: string; method?: string } = {}) {
    return t.request(path, {
      ...init,
      headers: language === undefined ? {} : { "Accept-Language": language },
    });
  }

  it("answers an anonymous caller in Urdu when the browser asks for it, with the same code", async () => {
    const cases: [string, ReturnType<typeof inBoth>][] = [
      ["/api/nothing-here", inBoth(404, "NOT_FOUND", "common:error.notFound")],
      ["/api/me", inBoth(401, "UNAUTHENTICATED", "common:error.signInRequired")],
      ["/api/tasks", inBoth(401, "UNAUTHENTICATED", "common:error.signInRequired")],
    ];
    for (const [path, expected] of cases) {
      expect(await errorOf(await ask(path)), path).toEqual(expected.en);
      expect(await errorOf(await ask(path, "en")), path).toEqual(expected.en);
      expect(await errorOf(await ask(path, "ur")), path).toEqual(expected.ur);
      expect(await errorOf(await ask(path, "ur-PK,ur;q=0.9,en;q=0.8")), path).toEqual(expected.ur);
      expect(await errorOf(await ask(path, "en;q=0.5,ur;q=0.9")), path).toEqual(expected.ur);
      // Languages we do not have fall back to English.
      expect(await errorOf(await ask(path, "fr-FR,de;q=0.8")), path).toEqual(expected.en);
      expect(expected.ur.message).toMatch(URDU_LETTERS);
      expect(expected.ur.message).not.toBe(expected.en.message);
    }
  });

  it("answers a validation error in Urdu too", async () => {
    const send = (language: string) =>
      t.app.request("/api/auth/sign-in/username", {
        method: "POST",
        headers: {
          Origin: TEST_ORIGIN,
          "Content-Type": "application/json",
          "Accept-Language": language,
        },
        body: '{"username": "admin", "password":',
      });
    const expected = inBoth(400, "VALIDATION", "common:error.bodyInvalidJson");
    expect(await errorOf(await send("en"))).toEqual(expected.en);
    expect(await errorOf(await send("ur"))).toEqual(expected.ur);
  });

  it("words zod's own refusals (shapes no form sends) in Urdu too", async () => {
    const english = await t.signedInAs("user");
    const urdu = await t.signedInAs("user");
    const set = await t.request("/api/me/language", {
      method: "PUT",
      cookie: urdu.cookie,
      json: { language: "ur" },
    });
    expect(set.status).toBe(200);
    const firstPage = (cookie: string) => ask("/api/tasks?page=0", "en", { cookie }).then(errorOf);
    const inEnglish = await firstPage(english.cookie);
    const inUrdu = await firstPage(urdu.cookie);
    expect(inEnglish).toMatchObject({ status: 400, code: "VALIDATION" });
    expect(inEnglish.message).toMatch(/^Too small/);
    expect(inUrdu).toMatchObject({ status: 400, code: "VALIDATION" });
    expect(inUrdu.message).toMatch(URDU_LETTERS);
  });

  it("answers a signed-in person in their own language, whatever the browser says", async () => {
    const person = await t.signedInAs("user");
    const me = async () => (await ask("/api/me", undefined, { cookie: person.cookie })).json();
    // Not chosen yet: the browser's language speaks meanwhile.
    expect((await me()).language).toBeNull();
    expect(
      (await errorOf(await ask("/api/nothing-here", "ur", { cookie: person.cookie }))).message,
    ).toBe(said("common:error.notFound", "ur"));

    const set = await t.request("/api/me/language", {
      method: "PUT",
      cookie: person.cookie,
      json: { language: "ur" },
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ language: "ur" });
    expect(await me()).toMatchObject({ id: person.id, language: "ur" });

    const notFound = inBoth(404, "NOT_FOUND", "common:error.notFound");
    const forbidden = inBoth(403, "FORBIDDEN", "common:error.forbidden");
    for (const language of [undefined, "en", "en-GB,en;q=0.9"]) {
      const cookie = person.cookie;
      expect(await errorOf(await ask("/api/nothing-here", language, { cookie }))).toEqual(
        notFound.ur,
      );
      expect(await errorOf(await ask("/api/admin/users", language, { cookie }))).toEqual(
        forbidden.ur,
      );
    }

    // And back: English again, even from an Urdu browser.
    await t.request("/api/me/language", {
      method: "PUT",
      cookie: person.cookie,
      json: { language: "en" },
    });
    expect((await me()).language).toBe("en");
    expect(await errorOf(await ask("/api/admin/users", "ur", { cookie: person.cookie }))).toEqual(
      forbidden.en,
    );
  });

  it("keeps the setting across sessions: a new sign-in is still in Urdu", async () => {
    const person = await t.signedInAs("organization_head");
    await t.request("/api/me/language", {
      method: "PUT",
      cookie: person.cookie,
      json: { language: "ur" },
    });
    const cookie = await t.signIn(person.userId);
    expect((await (await t.request("/api/me", { cookie })).json()).language).toBe("ur");
    expect(await errorOf(await ask("/api/admin/users", undefined, { cookie }))).toEqual(
      inBoth(403, "FORBIDDEN", "common:error.forbidden").ur,
    );
  });

  it("tells a browser in Urdu that the server is still starting", async () => {
    const expected = said("common:error.starting", "ur");
    const urdu = startingResponse("/api/me", "ur-PK,ur;q=0.9");
    expect(urdu.status).toBe(503);
    expect(await urdu.json()).toEqual({ error: { code: "STARTING", message: expected } });
    const english = startingResponse("/api/me");
    expect(await english.json()).toEqual({
      error: { code: "STARTING", message: "The server is starting. Try again in a moment." },
    });
    expect(await startingResponse("/api/ready", "ur").json()).toEqual({ status: "starting" });
  });
});

describe("PUT /api/me/language", () => {
  let t: TestApp;
  const people = {} as Record<Role, Awaited<ReturnType<TestApp["signedInAs"]>>>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ["user", "organization_head", "admin"] as const) {
      people[role] = await t.signedInAs(role);
    }
  });
  afterAll(() => t.close());

  const put = (body: string, cookie?: string, contentType = "application/json") =>
    t.request("/api/me/language", {
      method: "PUT",
      cookie,
      headers: { "Content-Type": contentType },
      body,
    });

  async function languages(): Promise<Record<string, string | null>> {
    const ids = Object.values(people).map((person) => person.id);
    const rows = await t.db
      .select({ id: user.id, language: user.language })
      .from(user)
      .where(inArray(user.id, ids));
    return Object.fromEntries(rows.map((row) => [row.id, row.language]));
  }

  it("refuses an anonymous caller with 401 and changes nothing", async () => {
    const fingerprint = await createFingerprint(t.db);
    const before = await fingerprint();
    const res = await put(JSON.stringify({ language: "ur" }));
    expect(await errorOf(res)).toEqual(
      inBoth(401, "UNAUTHENTICATED", "common:error.signInRequired").en,
    );
    const urdu = await t.request("/api/me/language", {
      method: "PUT",
      headers: { "Accept-Language": "ur" },
      json: { language: "ur" },
    });
    expect(await errorOf(urdu)).toEqual(
      inBoth(401, "UNAUTHENTICATED", "common:error.signInRequired").ur,
    );
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses anything but a known language, and nothing changes", async () => {
    const fingerprint = await createFingerprint(t.db);
    const before = await fingerprint();
    const bad: [string, string?][] = [
      [JSON.stringify({ language: "fr" })],
      [JSON.stringify({ language: "" })],
      [JSON.stringify({ language: "UR" })],
      [JSON.stringify({ language: "ur-PK" })],
      [JSON.stringify({ language: " ur" })],
      [JSON.stringify({ language: 5 })],
      [JSON.stringify({ language: null })],
      [JSON.stringify({ language: ["ur"] })],
      [JSON.stringify({ language: { ur: true } })],
      [JSON.stringify({ language: "ur", role: "admin" })],
      [JSON.stringify({ language: "ur", id: people.admin.id })],
      [JSON.stringify({})],
      [JSON.stringify("ur")],
      [JSON.stringify(["ur"])],
      ["null"],
      ['{"language": "ur"'],
      ["", "application/json"],
      ["language=ur", "application/x-www-form-urlencoded"],
    ];
    for (const role of ["user", "organization_head", "admin"] as const) {
      for (const [body, contentType] of bad) {
        const res = await put(body, people[role].cookie, contentType);
        const what = `${role}: ${contentType ?? ""} ${body}`;
        expect(res.status, what).toBe(400);
        expect((await res.json()).error.code, what).toBe("VALIDATION");
      }
    }
    expect(await fingerprint()).toEqual(before);
    expect(Object.values(await languages())).toEqual([null, null, null]);
  });

  it("lets each role set their own language, and only their own", async () => {
    for (const role of ["user", "organization_head", "admin"] as const) {
      const person = people[role];
      const before = await languages();
      const res = await t.request("/api/me/language", {
        method: "PUT",
        cookie: person.cookie,
        json: { language: "ur" },
      });
      expect(res.status, role).toBe(200);
      expect(await res.json()).toEqual({ language: "ur" });
      expect(await languages()).toEqual({ ...before, [person.id]: "ur" });
      const me = await (await t.request("/api/me", { cookie: person.cookie })).json();
      expect(me).toMatchObject({ id: person.id, role, language: "ur" });
    }
    // Setting the same language again is fine; back to English touches only the caller.
    for (const language of ["ur", "en"] as const) {
      const res = await t.request("/api/me/language", {
        method: "PUT",
        cookie: people.admin.cookie,
        json: { language },
      });
      expect(res.status).toBe(200);
    }
    expect(await languages()).toEqual({
      [people.user.id]: "ur",
      [people.organization_head.id]: "ur",
      [people.admin.id]: "en",
    });
  });
});

describe("mail in the recipient's language", () => {
  let t: TestApp;
  let smtp: Smtp;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      signUpApproval: true,
      mailer: smtpMailer(smtp),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The next mail to `to` after `count` mails to them had arrived. */
  async function nextMailTo(to: string, count = 0): Promise<Email> {
    const mine = () => smtp.messages.filter((m) => m.to?.some((a) => a.address === to));
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBeGreaterThan(count);
    return mine()[count];
  }

  /** Checks a mail against the catalog's texts in `language`. */
  function expectMail(
    mail: Email,
    language: Language,
    texts: { name: string; subject: Message; lines: readonly Message[]; action: Message },
  ) {
    const greeting = said(message("mail:greeting", { name: texts.name }), language);
    expect(mail.subject).toBe(said(texts.subject, language));
    const text = mail.text ?? "";
    expect(text.split("\n")[0]).toBe(greeting);
    for (const line of texts.lines) expect(text).toContain(said(line, language));
    expect(text).toContain(said("mail:signature", language));
    const html = mail.html ?? "";
    const dir = language === "ur" ? "rtl" : "ltr";
    expect(html).toContain(`<div dir="${dir}" lang="${language}">`);
    expect(html).toContain(`>${said(texts.action, language)}</a>`);
    expect(html).toContain(said("mail:buttonFallback", language));
    if (language === "ur") {
      expect(mail.subject).toMatch(URDU_LETTERS);
      expect(text).not.toContain("Dear ");
      expect(html).not.toContain("HED Task Manager");
    }
  }

  /** A person who chose `language` (through the header's switch, as the web app does). */
  async function personIn(language: Language, email: string, fullName: string) {
    const person = await t.makeUser({ email, fullName });
    const cookie = await t.signIn(person.userId);
    const set = await t.request("/api/me/language", {
      method: "PUT",
      cookie,
      json: { language },
    });
    expect(set.status).toBe(200);
    return person;
  }
  const personInUrdu = (email: string, fullName: string) => personIn("ur", email, fullName);

  const requestReset = (email: string) =>
    t.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email, redirectTo: "/auth" },
    });

  const RESET = {
    subject: "mail:passwordReset.subject",
    lines: ["mail:passwordReset.request", "mail:passwordReset.expiry"],
    action: "mail:passwordReset.action",
  } as const;

  it("sends the password-reset mail in Urdu to a person whose setting is Urdu", async () => {
    await personInUrdu("urdu.reader@hed.example", "Ayesha Khan");
    await personIn("en", "english.reader@hed.example", "Bilal Ahmed");
    // The request's own language does not matter: the mail follows the recipient's choice.
    for (const email of ["urdu.reader@hed.example", "english.reader@hed.example"]) {
      const res = await t.request("/api/auth/request-password-reset", {
        method: "POST",
        headers: { "Accept-Language": email.startsWith("urdu") ? "en" : "ur" },
        json: { email, redirectTo: "/auth" },
      });
      expect(res.status).toBe(200);
    }
    const urdu = await nextMailTo("urdu.reader@hed.example");
    expectMail(urdu, "ur", { name: "Ayesha Khan", ...RESET });
    expect(urdu.subject).toBe("ایچ ای ڈی ٹاسک مینیجر کا پاس ورڈ ری سیٹ کریں");
    expect(urdu.text).toContain("محترم/محترمہ Ayesha Khan،");

    const english = await nextMailTo("english.reader@hed.example");
    expectMail(english, "en", { name: "Bilal Ahmed", ...RESET });
    expect(english.subject).toBe("Reset your HED Task Manager password");
  });

  it("writes the next mail in English once the person switches back", async () => {
    const person = await personInUrdu("switcher@hed.example", "Hina Raza");
    await requestReset("switcher@hed.example");
    expectMail(await nextMailTo("switcher@hed.example"), "ur", { name: "Hina Raza", ...RESET });
    const cookie = await t.signIn(person.userId);
    await t.request("/api/me/language", { method: "PUT", cookie, json: { language: "en" } });
    await requestReset("switcher@hed.example");
    expectMail(await nextMailTo("switcher@hed.example", 1), "en", {
      name: "Hina Raza",
      ...RESET,
    });
  });

  it("signs up from an Urdu page: verification, duplicate and approval mails in Urdu", async () => {
    const email = "nadia.urdu@hed.example";
    const signUp = (language: Language) =>
      t.request("/api/auth/sign-up/email", {
        method: "POST",
        json: { name: "Nadia Perveen", email, password: "nadia-urdu-pass-1", language },
      });
    expect((await signUp("ur")).status).toBe(200);
    const verification = await nextMailTo(email);
    expectMail(verification, "ur", {
      name: "Nadia Perveen",
      subject: "mail:verifyEmail.subject",
      lines: ["mail:verifyEmail.created"],
      action: "mail:verifyEmail.action",
    });
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row.language).toBe("ur");

    // Someone signs up again with the address from an English page: the owner is told in Urdu.
    expect((await signUp("en")).status).toBe(200);
    expectMail(await nextMailTo(email, 1), "ur", {
      name: "Nadia Perveen",
      subject: "mail:existingAccount.subject",
      lines: ["mail:existingAccount.attempt", "mail:existingAccount.advice"],
      action: "mail:existingAccount.action",
    });

    const admin = await t.signedInAs("admin");
    const approved = await t.request(`/api/admin/users/${row.id}/approve`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(approved.status).toBe(200);
    expectMail(await nextMailTo(email, 2), "ur", {
      name: "Nadia Perveen",
      subject: "mail:accountApproved.subject",
      lines: ["mail:accountApproved.approved"],
      action: "mail:accountApproved.action",
    });
  });
});
