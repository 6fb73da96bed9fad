import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/client";
import { receipts, tasks } from "../../src/server/db/schema";
import type { OverdueSweeper } from "../../src/server/tasks/overdue";
import type { HolidayItem, OfficeSettingsItem } from "../../src/shared/calendar";
import type { EngagementDetails } from "../../src/shared/engagements";
import type { TaskItem } from "../../src/shared/tasks";
import type { UserListItem } from "../../src/shared/users";
import type { TestApp } from "./app";

/** A task row written straight to the database, for tests of other features. */
export async function makeTask(
  db: Db,
  fields: { assignedTo: string; createdBy?: string; subject?: string; dueDate?: string },
) {
  const [task] = await db
    .insert(tasks)
    .values({
      subject: fields.subject ?? "Prepare the budget note",
      assignedTo: fields.assignedTo,
      createdBy: fields.createdBy,
      assignDate: "2026-11-01",
      dueDate: fields.dueDate ?? "2026-12-01",
    })
    .returning();
  return task;
}

/**
 * A task made through Create Task by the admin whose `cookie` it is, as the app makes one (its
 * first holding included); answers its id.
 */
export async function createTaskAs(
  t: TestApp,
  cookie: string,
  fields: { subject: string; assignedTo: string; assignDate: string; dueDate: string },
): Promise<string> {
  const res = await t.request("/api/tasks", { method: "POST", cookie, body: formOf(fields) });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A multipart body of these fields, as the task forms send it; undefined fields are left out. */
export function formOf(fields: Record<string, string | File | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) form.append(key, value);
  return form;
}

/**
 * A task's current `version` as Edit Task sends it back (PATCH /api/tasks/:id's `version`
 * field), read through GET /api/tasks/:id as `cookie` (an administrator's reads any task)
 * right before the edit, so whatever moved it before (a completion, a sweep) is counted.
 */
export async function taskVersion(t: TestApp, cookie: string, id: string): Promise<string> {
  const res = await t.request(`/api/tasks/${id}`, { cookie });
  if (res.status !== 200) throw new Error(`reading task ${id}: ${res.status} ${await res.text()}`);
  return String(((await res.json()) as TaskItem).version);
}

/** A sweeper with nothing to do: for services timed or compared apart from the overdue sweep. */
export const idleSweeper: OverdueSweeper = { sweep: async () => {}, ensureSwept: async () => {} };

/**
 * An engagement's current versions as its forms send them back, read through GET
 * /api/engagements/:id as `cookie` (an administrator's, who reads the record) right before the
 * save: `version` for Edit Engagement (PUT /api/engagements/:id), `agenda` and `minutes` for the
 * record's editors (PUT .../agenda and .../minutes), each part moving on its own.
 */
export async function engagementVersions(
  t: TestApp,
  cookie: string,
  id: string,
): Promise<{ version: number; agenda: number; minutes: number }> {
  const res = await t.request(`/api/engagements/${id}`, { cookie });
  if (res.status !== 200)
    throw new Error(`reading engagement ${id}: ${res.status} ${await res.text()}`);
  const details = (await res.json()) as EngagementDetails;
  if (!details.record)
    throw new Error(`engagement ${id}: the record is not readable as this cookie`);
  return {
    version: details.version,
    agenda: details.record.agendaVersion,
    minutes: details.record.minutesVersion,
  };
}

/** The JSON answer of a read the helpers below make, or a throw naming what failed. */
async function readJson<Answer>(t: TestApp, path: string, cookie: string): Promise<Answer> {
  const res = await t.request(path, { cookie });
  if (res.status !== 200) throw new Error(`reading ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Answer;
}

/**
 * An account's current `version` as Edit Account sends it back (PATCH /api/admin/users/:id),
 * read through GET /api/admin/users/:id as an administrator's `cookie` right before the edit.
 */
export async function accountVersion(t: TestApp, cookie: string, id: string): Promise<number> {
  return (await readJson<UserListItem>(t, `/api/admin/users/${id}`, cookie)).version;
}

/** The office settings' current `version` as the Settings page sends it back (an admin's read). */
export async function settingsVersion(t: TestApp, cookie: string): Promise<number> {
  return (await readJson<OfficeSettingsItem>(t, "/api/office/settings", cookie)).version;
}

/** The current `version` of the holiday on `date`, as Edit Holiday sends it back. */
export async function holidayVersion(t: TestApp, cookie: string, date: string): Promise<number> {
  const { holidays } = await readJson<{ holidays: HolidayItem[] }>(
    t,
    `/api/office/holidays?year=${date.slice(0, 4)}`,
    cookie,
  );
  const holiday = holidays.find((listed) => listed.date === date);
  if (!holiday) throw new Error(`no holiday on ${date}`);
  return holiday.version;
}

/**
 * Diarise and Mark through the API, as the R&I clerk does it: a receipt (its subject unique to
 * the test) marked to `officerId` for action, with its task; answers the stored receipt.
 */
export async function diariseAndMark(
  t: TestApp,
  cookie: string,
  fields: {
    receivedOn: string;
    subject: string;
    classification: "normal" | "confidential";
    officerId: string;
  },
) {
  const res = await t.request("/api/receipts", {
    method: "POST",
    cookie,
    body: formOf({
      receivedOn: fields.receivedOn,
      mode: "post",
      senderName: "Registrar",
      subject: fields.subject,
      category: "General",
      classification: fields.classification,
      markTo: fields.officerId,
      markPurpose: "action",
      markDueDate: "2026-11-30",
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const [row] = await t.db.select().from(receipts).where(eq(receipts.subject, fields.subject));
  return row;
}
