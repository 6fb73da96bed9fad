import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  holidays,
  officeSettings,
  savedViews,
  user,
} from "../../src/server/db/schema";
import type { HolidayItem, OfficeSettingsItem } from "../../src/shared/calendar";
import { timeOfDayIn } from "../../src/shared/dates";
import { message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import type { UserListItem } from "../../src/shared/users";
import type { SavedView } from "../../src/shared/views";
import { createTestApp, type TestApp } from "../helpers/app";

// 05:42 UTC is 10:42 on the office's clock (Asia/Karachi).
const now = new Date("2026-11-30T05:42:00Z");
const OUT_OF_DATE = "This form is out of date: reload the page and try again.";
/** A version left out (an old page), or one that is no version. */
const NO_VERSIONS = [undefined, null, "", 0, 1.5, "abc"];

type Person = { id: string; userId: string; cookie: string };

describe("a save of an account, the settings, a holiday or a view over a newer version", () => {
  let t: TestApp;
  let amina: Person;
  let bilal: Person;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    amina = await t.signedInAs("admin", { fullName: "Amina Qureshi" });
    bilal = await t.signedInAs("admin", { fullName: "Bilal Ahmed" });
  });
  afterAll(() => t.close());

  async function read<Answer>(path: string, cookie: string): Promise<Answer> {
    const res = await t.request(path, { cookie });
    expect(res.status, path).toBe(200);
    return (await res.json()) as Answer;
  }

  /** Every audit record there is: a refused save adds none. */
  const auditTotal = async () => (await t.db.select({ n: count() }).from(auditEvents))[0].n;

  async function expectRefused(res: Response, text: string) {
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: "CONFLICT", message: text } });
  }

  describe("accounts (Edit Account)", () => {
    const opened = (id: string) => read<UserListItem>(`/api/admin/users/${id}`, amina.cookie);
    const save = (cookie: string, id: string, json: Record<string, unknown>) =>
      t.request(`/api/admin/users/${id}`, { method: "PATCH", cookie, json });
    const stored = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];

    it("refuses the later of two edits opened on one version, naming who saved first and when, and changes nothing", async () => {
      const sana = await t.signedInAs("user", { fullName: "Sana Iqbal" });
      const form = await opened(sana.id);
      expect(form.version).toBe(1);
      const fields = { email: "", fullName: form.fullName, role: form.role };

      const first = await save(amina.cookie, sana.id, {
        ...fields,
        fullName: "Sana Iqbal Khan",
        version: form.version,
      });
      expect(first.status).toBe(200);
      expect(((await first.json()) as UserListItem).version).toBe(2);
      const before = await stored(sana.id);
      const audited = await auditTotal();

      // Bilal opened Edit before Amina saved: his form still holds the old name.
      const second = await save(bilal.cookie, sana.id, {
        ...fields,
        role: "organization_head",
        version: form.version,
      });
      await expectRefused(
        second,
        "This account was changed by Amina Qureshi at 10:42 while you were editing.",
      );
      expect(await stored(sana.id)).toEqual(before);
      expect(await auditTotal()).toBe(audited);
      // A role change would have ended her sessions: none was.
      expect((await t.request("/api/me", { cookie: sana.cookie })).status).toBe(200);

      // Opened again, on the current version, his edit goes through.
      const again = await opened(sana.id);
      const res = await save(bilal.cookie, sana.id, {
        ...fields,
        fullName: again.fullName,
        role: "organization_head",
        version: again.version,
      });
      expect(res.status).toBe(200);
      expect((await stored(sana.id)).role).toBe("organization_head");
    });

    it("answers in the caller's language", async () => {
      const bushra = await t.signedInAs("admin", { fullName: "Bushra Khan" });
      const chosen = await t.request("/api/me/language", {
        method: "PUT",
        cookie: bushra.cookie,
        json: { language: "ur" },
      });
      expect(chosen.status).toBe(200);
      const target = await t.signedInAs("user", { fullName: "Hina Baig" });
      const form = await opened(target.id);
      const fields = { email: "", fullName: "Hina Baig Rana", role: "user", version: form.version };
      expect((await save(amina.cookie, target.id, fields)).status).toBe(200);
      const res = await save(bushra.cookie, target.id, fields);
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe(
        said(message("users:conflict.changedBy", { name: "Amina Qureshi", time: "10:42" }), "ur"),
      );
    });

    it("carries no version for what is not an edit: a password change moves nothing, and an edit opened before it saves", async () => {
      const target = await t.signedInAs("user", { fullName: "Omar Farooq" });
      const form = await opened(target.id);
      const password = await t.request(`/api/admin/users/${target.id}/password`, {
        method: "POST",
        cookie: bilal.cookie,
        json: { newPassword: "Quokka-Zebra-41" },
      });
      expect(password.status).toBe(200);
      const res = await save(amina.cookie, target.id, {
        email: "",
        fullName: "Omar Farooq Sheikh",
        role: "user",
        version: form.version,
      });
      expect(res.status).toBe(200);
    });

    it("names who last edited the account, not who changed its password since", async () => {
      const target = await t.signedInAs("user", { fullName: "Zara Malik" });
      const form = await opened(target.id);
      const fields = {
        email: "",
        fullName: "Zara Malik Butt",
        role: "user",
        version: form.version,
      };
      expect((await save(amina.cookie, target.id, fields)).status).toBe(200);
      const password = await t.request(`/api/admin/users/${target.id}/password`, {
        method: "POST",
        cookie: bilal.cookie,
        json: { newPassword: "Quokka-Zebra-42" },
      });
      expect(password.status).toBe(200);
      await expectRefused(
        await save(bilal.cookie, target.id, { ...fields, fullName: "Zara M." }),
        "This account was changed by Amina Qureshi at 10:42 while you were editing.",
      );
    });

    it("lets exactly one of two saves sent at once on one version through", async () => {
      const target = await t.signedInAs("user", { fullName: "Zara Malik" });
      const form = await opened(target.id);
      const answers = await Promise.all(
        [amina, bilal].map((editor) =>
          save(editor.cookie, target.id, {
            email: "",
            fullName: `Zara as ${editor.id}`,
            role: "user",
            version: form.version,
          }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      expect((await stored(target.id)).version).toBe(2);
    });

    it("refuses a save without its version with a 400, changing nothing", async () => {
      const target = await t.signedInAs("user", { fullName: "Ali Raza" });
      for (const version of NO_VERSIONS) {
        const res = await save(amina.cookie, target.id, {
          email: "",
          fullName: "No version",
          role: "user",
          version,
        });
        expect(res.status, String(version)).toBe(400);
        expect((await res.json()).error.message).toBe(OUT_OF_DATE);
      }
      expect((await stored(target.id)).name).toBe("Ali Raza");
    });
  });

  describe("the office's settings", () => {
    const opened = () => read<OfficeSettingsItem>("/api/office/settings", amina.cookie);
    const save = (cookie: string, json: Record<string, unknown>) =>
      t.request("/api/office/settings", { method: "PUT", cookie, json });
    const stored = async () => (await t.db.select().from(officeSettings))[0];

    it("lets one of two first saves of an office's settings through, at once on one version", async () => {
      // Never saved yet: the defaults, at version 1, with no row to lock.
      expect(await stored()).toBeUndefined();
      const form = await opened();
      expect(form.version).toBe(1);
      const answers = await Promise.all([
        save(amina.cookie, { ...form, digestTime: "07:00" }),
        save(bilal.cookie, { ...form, digestTime: "09:00" }),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      const row = await stored();
      expect(row.version).toBe(2);
      expect(["07:00", "09:00"]).toContain(row.settings.digestTime);
    });

    it("refuses the later of two saves opened on one version, naming who saved first and when, and changes nothing", async () => {
      const form = await opened();
      const first = await save(amina.cookie, { ...form, digestTime: "09:30" });
      expect(first.status).toBe(200);
      expect(((await first.json()) as { settings: OfficeSettingsItem }).settings.version).toBe(
        form.version + 1,
      );
      const before = await stored();
      const audited = await auditTotal();

      const second = await save(bilal.cookie, { ...form, dueSoonWorkingDays: 4 });
      await expectRefused(
        second,
        "The settings were changed by Amina Qureshi at 10:42 while you were editing.",
      );
      expect(await stored()).toEqual(before);
      expect(await auditTotal()).toBe(audited);

      const again = await opened();
      expect(again.digestTime).toBe("09:30");
      expect((await save(bilal.cookie, { ...again, dueSoonWorkingDays: 4 })).status).toBe(200);
      expect((await stored()).settings).toMatchObject({
        digestTime: "09:30",
        dueSoonWorkingDays: 4,
      });
    });

    it("refuses a save without its version with a 400, changing nothing", async () => {
      const { version: _version, ...settings } = await opened();
      const before = await stored();
      for (const version of NO_VERSIONS) {
        const res = await save(amina.cookie, { ...settings, digestTime: "06:00", version });
        expect(res.status, String(version)).toBe(400);
        expect((await res.json()).error.message).toBe(OUT_OF_DATE);
      }
      expect(await stored()).toEqual(before);
    });
  });

  describe("holidays (Edit Holiday)", () => {
    const holidayOn = async (date: string) => {
      const listed = await read<{ holidays: HolidayItem[] }>(
        `/api/office/holidays?year=${date.slice(0, 4)}`,
        amina.cookie,
      );
      return listed.holidays.find((holiday) => holiday.date === date);
    };
    const add = async (date: string, name: string) => {
      const res = await t.request("/api/office/holidays", {
        method: "POST",
        cookie: amina.cookie,
        json: { date, name },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { holiday: HolidayItem }).holiday;
    };
    const save = (cookie: string, date: string, json: Record<string, unknown>) =>
      t.request(`/api/office/holidays/${date}`, { method: "PUT", cookie, json });
    const stored = async () => t.db.select().from(holidays).orderBy(holidays.date);

    it("refuses the later of two edits opened on one version, naming who saved first and when, and changes nothing", async () => {
      const form = await add("2027-03-23", "Pakistan Day");
      expect(form.version).toBe(1);
      await add("2027-05-01", "Labour Day");
      const first = await save(amina.cookie, form.date, { ...form, name: "Youm-e-Pakistan" });
      expect(first.status).toBe(200);
      expect(((await first.json()) as { holiday: HolidayItem }).holiday.version).toBe(2);
      const before = await stored();
      const audited = await auditTotal();

      const renamed = await save(bilal.cookie, form.date, { ...form, name: "Resolution Day" });
      await expectRefused(
        renamed,
        "This holiday was changed by Amina Qureshi at 10:42 while you were editing.",
      );
      // A stale move onto a date that is a holiday is stale first: the form shows old values.
      const moved = await save(bilal.cookie, form.date, { ...form, date: "2027-05-01" });
      await expectRefused(
        moved,
        "This holiday was changed by Amina Qureshi at 10:42 while you were editing.",
      );
      expect(await stored()).toEqual(before);
      expect(await auditTotal()).toBe(audited);

      const again = await holidayOn(form.date);
      expect(again).toMatchObject({ name: "Youm-e-Pakistan", version: 2 });
      const res = await save(bilal.cookie, form.date, { ...again, date: "2027-03-24" });
      expect(res.status).toBe(200);
      expect(await holidayOn("2027-03-24")).toMatchObject({ name: "Youm-e-Pakistan", version: 3 });
    });

    it("counts an import that renames the holiday as a change an open edit must see", async () => {
      const form = await add("2027-08-14", "Independence Day");
      const imported = await t.request("/api/office/holidays/import", {
        method: "POST",
        cookie: bilal.cookie,
        json: { text: "2027-08-14, Youm-e-Azadi" },
      });
      expect(imported.status).toBe(200);
      const res = await save(amina.cookie, form.date, { ...form, name: "Azadi Day" });
      await expectRefused(
        res,
        "This holiday was changed by Bilal Ahmed at 10:42 while you were editing.",
      );
      expect((await holidayOn(form.date))?.name).toBe("Youm-e-Azadi");
    });

    it("lets exactly one of two saves sent at once on one version through", async () => {
      const form = await add("2027-11-09", "Iqbal Day");
      const answers = await Promise.all(
        [amina, bilal].map((editor) =>
          save(editor.cookie, form.date, { ...form, name: `Iqbal Day (${editor.id})` }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      expect((await holidayOn(form.date))?.version).toBe(2);
    });

    it("refuses a save without its version with a 400, changing nothing", async () => {
      const form = await add("2027-12-25", "Quaid-e-Azam Day");
      for (const version of NO_VERSIONS) {
        const res = await save(amina.cookie, form.date, { ...form, name: "No version", version });
        expect(res.status, String(version)).toBe(400);
        expect((await res.json()).error.message).toBe(OUT_OF_DATE);
      }
      expect(await holidayOn(form.date)).toEqual(form);
    });
  });

  describe("saved views (rename, share, new filters)", () => {
    const create = async (owner: Person, name: string, shared = false) => {
      const res = await t.request("/api/views", {
        method: "POST",
        cookie: owner.cookie,
        json: { list: "auditLog", name, query: "action=deleted", shared },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { view: SavedView }).view;
    };
    const change = (cookie: string, id: string, json: Record<string, unknown>) =>
      t.request(`/api/views/${id}`, { method: "PATCH", cookie, json });
    const stored = async (id: string) =>
      (await t.db.select().from(savedViews).where(eq(savedViews.id, id)))[0];

    it("refuses a change made on an older version, saying when it changed (views are not audited: no name), and changes nothing", async () => {
      const head = await t.signedInAs("organization_head", { fullName: "Nadia Hussain" });
      const opened = await create(amina, "Deletions", true);
      expect(opened.version).toBe(1);
      const pinned = await t.request(`/api/views/${opened.id}/pin`, {
        method: "PUT",
        cookie: head.cookie,
      });
      expect(pinned.status).toBe(200);
      // Renamed in another tab.
      const first = await change(amina.cookie, opened.id, { name: "Removals", version: 1 });
      expect(first.status).toBe(200);
      expect(((await first.json()) as { view: SavedView }).view.version).toBe(2);
      const before = await stored(opened.id);
      const audited = await auditTotal();
      const text = `This view was changed at ${timeOfDayIn("Asia/Karachi", before.updatedAt)} while you were editing.`;

      for (const json of [
        { name: "Stale name", version: 1 },
        { query: "action=created", version: 1 },
        // Unsharing would take it from the head's sidebar.
        { shared: false, version: 1 },
      ]) {
        await expectRefused(await change(amina.cookie, opened.id, json), text);
      }
      expect(await stored(opened.id)).toEqual(before);
      expect(await auditTotal()).toBe(audited);
      const sidebar = await read<{ views: SavedView[] }>("/api/views/pinned", head.cookie);
      expect(sidebar.views.map((view) => view.id)).toContain(opened.id);

      // Made on the current version, the change goes through.
      const res = await change(amina.cookie, opened.id, { shared: false, version: 2 });
      expect(res.status).toBe(200);
      expect(await stored(opened.id)).toMatchObject({ shared: false, version: 3 });
    });

    it("answers in the caller's language", async () => {
      const owner = await t.signedInAs("admin", { fullName: "Rabia Anwar" });
      const chosen = await t.request("/api/me/language", {
        method: "PUT",
        cookie: owner.cookie,
        json: { language: "ur" },
      });
      expect(chosen.status).toBe(200);
      const opened = await create(owner, "Mine");
      expect((await change(owner.cookie, opened.id, { name: "Mine too", version: 1 })).status).toBe(
        200,
      );
      const res = await change(owner.cookie, opened.id, { name: "Stale", version: 1 });
      expect(res.status).toBe(409);
      const time = timeOfDayIn("Asia/Karachi", (await stored(opened.id)).updatedAt);
      expect((await res.json()).error.message).toBe(
        said(message("views:conflict.changed", { time }), "ur"),
      );
    });

    it("lets exactly one of two changes sent at once on one version through", async () => {
      const opened = await create(amina, "Race");
      const answers = await Promise.all(
        ["Race one", "Race two"].map((name) =>
          change(amina.cookie, opened.id, { name, version: 1 }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      expect((await stored(opened.id)).version).toBe(2);
    });

    it("refuses a change without its version with a 400, changing nothing; pinning carries none", async () => {
      const opened = await create(amina, "Unversioned");
      for (const version of NO_VERSIONS) {
        const res = await change(amina.cookie, opened.id, { name: "No version", version });
        expect(res.status, String(version)).toBe(400);
        expect((await res.json()).error.message).toBe(OUT_OF_DATE);
      }
      expect(await stored(opened.id)).toMatchObject({ name: "Unversioned", version: 1 });
      const pinned = await t.request(`/api/views/${opened.id}/pin`, {
        method: "PUT",
        cookie: amina.cookie,
      });
      expect(pinned.status).toBe(200);
      expect((await stored(opened.id)).version).toBe(1);
    });
  });
});
