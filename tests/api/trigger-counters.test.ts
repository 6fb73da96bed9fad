import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db/client";
import { COUNTERS, differingSql } from "../../src/server/db/counters";
import { engagements } from "../../src/server/db/schema";
import { addDays } from "../../src/shared/dates";
import type { TaskStatus } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { accountVersion, formOf, taskVersion } from "../helpers/factories";

// Issue 33: every value a database trigger keeps, held to a plain count over the rows it is
// kept from after a random sequence of writes: the app's own writes (tasks created, edited,
// completed, bulk-changed, deleted; decisions recorded and deleted; accounts created, renamed
// and deleted with a hand-over; the day turning and the overdue sweep) mixed with bare SQL
// statements that change many rows at once, as a seed, a restore or a later feature may.
//
// What the triggers keep (record versions are edit counts, not counters, and are left out):
// - task_counts (assigned_to, status): total          task_counts_insert/_update/_delete
// - task_status_counts (status): total                 (all three call task_counts_apply,
// - task_month_counts (month, assigned_to): the         drizzle/0005, 0019, 0020, 0023)
//   report's eight measures
// - task_day_counts (day): opened, completed, overdue_change
// - audit_counts (entity, action, actor_id): total     audit_counts_insert (0014)
// - engagement_decisions.task_status, task_due_date    decision_task_status_take (before insert
//                                                      or update of task_id) and _follow (after
//                                                      update on tasks) (0021, 0024)
// - user.name_shared                                   user_shared_names (0027)

/** Wednesday 25 November 2026, 10:00 in Karachi. */
const START = new Date("2026-11-25T05:00:00Z");
const TODAY = "2026-11-25";
const DAY_MS = 86_400_000;

/** Names that collide once letter case and outer spaces are set aside, and some that do not. */
const NAMES = ["Usman Butt", " usman BUTT", "USMAN BUTT ", "Farah Naz", "farah naz", "Ali Raza"];
const STATUSES: TaskStatus[] = ["in_progress", "completed", "delayed", "super_delayed"];

type Row = Record<string, unknown>;

/**
 * Each kept value beside the plain count it must equal, as two sorted row lists (a counter row
 * whose counts are all zero counts nothing, as when its last task left it).
 */
const KEPT_AND_COUNTED: { name: string; kept: string; counted: string }[] = [
  {
    name: "task_counts",
    kept: "select assigned_to, status, total from task_counts where total <> 0",
    counted: "select assigned_to, status, count(*)::int as total from tasks group by 1, 2",
  },
  {
    name: "task_status_counts",
    kept: "select status, total from task_status_counts where total <> 0",
    counted: "select status, count(*)::int as total from tasks group by 1",
  },
  {
    name: "task_month_counts",
    kept: `select month::text, assigned_to, total, completed, in_progress, delayed, on_time,
        on_time_original, completed_days, completed_dated
      from task_month_counts where total <> 0`,
    counted: `select to_char(assign_date, 'YYYY-MM-01') as month, assigned_to,
        count(*)::int as total,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'in_progress')::int as in_progress,
        count(*) filter (where status = 'delayed' or status = 'super_delayed')::int as delayed,
        count(*) filter (where status = 'completed' and completion_date <= due_date)::int
          as on_time,
        count(*) filter (where status = 'completed'
          and completion_date <= coalesce(original_due_date, due_date))::int as on_time_original,
        coalesce(sum(completion_date - assign_date)
          filter (where status = 'completed'), 0)::int as completed_days,
        count(*) filter (where status = 'completed' and completion_date is not null)::int
          as completed_dated
      from tasks group by 1, 2`,
  },
  {
    // A task opens on its assign date, completes on its completion date, and is overdue from
    // the day after its due date (not before it was assigned) until it is completed.
    name: "task_day_counts",
    kept: `select day::text, opened, completed, overdue_change from task_day_counts
      where (opened, completed, overdue_change) <> (0, 0, 0)`,
    counted: `select day::text, sum(opened)::int as opened, sum(completed)::int as completed,
        sum(overdue_change)::int as overdue_change
      from (
        select assign_date as day, 1 as opened, 0 as completed, 0 as overdue_change from tasks
        union all
        select completion_date, 0, 1, 0 from tasks
          where status = 'completed' and completion_date is not null
        union all
        select greatest(assign_date, due_date + 1), 0, 0, 1 from tasks
          where status <> 'completed' or completion_date > greatest(assign_date, due_date + 1)
        union all
        select completion_date, 0, 0, -1 from tasks
          where status = 'completed' and completion_date > greatest(assign_date, due_date + 1)
      ) as days
      group by 1
      having (sum(opened), sum(completed), sum(overdue_change)) <> (0, 0, 0)`,
  },
  {
    name: "audit_counts",
    kept: "select entity, action, actor_id, total::int from audit_counts where total <> 0",
    counted: `select entity, action, coalesce(actor_id, '') as actor_id, count(*)::int as total
      from audit_events group by 1, 2, 3`,
  },
  {
    name: "engagement_decisions.task_status, task_due_date",
    kept: "select id, task_status, task_due_date::text from engagement_decisions",
    counted: `select d.id, t.status as task_status, t.due_date::text as task_due_date
      from engagement_decisions d left join tasks t on t.id = d.task_id`,
  },
  {
    name: "user.name_shared",
    kept: `select id, name_shared from "user"`,
    counted: `select u.id, (select count(*) from "user" v
        where lower(btrim(v.name)) = lower(btrim(u.name))) > 1 as name_shared
      from "user" u`,
  },
];

/** One write; the numbers pick among whatever tasks, people and decisions exist then. */
type Write =
  | { kind: "create"; person: number; assignAgo: number; dueAfter: number }
  | {
      kind: "edit";
      task: number;
      person: number;
      assignAgo: number;
      dueAfter: number;
      status: TaskStatus;
    }
  | { kind: "complete"; task: number }
  | { kind: "delete"; task: number }
  | { kind: "bulk"; tasks: number[]; action: "reassign" | "dueDate" | "complete"; person: number }
  | { kind: "decide"; person: number; dueAfter: number; acted: boolean }
  | { kind: "undecide"; decision: number }
  | { kind: "followUp"; decision: number; action: "complete" | "dueDate"; dueAfter: number }
  | { kind: "makePerson"; name: number }
  | { kind: "rename"; person: number; name: number }
  | { kind: "removePerson"; person: number; heir: number }
  | { kind: "nextDay" }
  | { kind: "sqlStatus"; tasks: number[]; status: TaskStatus; doneAfter: number }
  | { kind: "sqlSwap"; person: number; other: number }
  | { kind: "sqlDates"; tasks: number[]; shift: number }
  | { kind: "sqlDelete"; tasks: number[] }
  | { kind: "sqlRetask"; decision: number; task: number }
  | { kind: "sqlRenameAll"; name: number };

const pick = fc.nat({ max: 50 });
const some = fc.array(pick, { minLength: 1, maxLength: 4 });
const status = fc.constantFrom(...STATUSES);
const name = fc.nat({ max: NAMES.length - 1 });
const write: fc.Arbitrary<Write> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      person: pick,
      assignAgo: fc.integer({ min: -2, max: 70 }),
      dueAfter: fc.integer({ min: 0, max: 20 }),
    }),
    weight: 5,
  },
  fc.record({
    kind: fc.constant("edit" as const),
    task: pick,
    person: pick,
    assignAgo: fc.integer({ min: -2, max: 70 }),
    dueAfter: fc.integer({ min: 0, max: 20 }),
    status,
  }),
  fc.record({ kind: fc.constant("complete" as const), task: pick }),
  fc.record({ kind: fc.constant("delete" as const), task: pick }),
  fc.record({
    kind: fc.constant("bulk" as const),
    tasks: some,
    action: fc.constantFrom("reassign" as const, "dueDate" as const, "complete" as const),
    person: pick,
  }),
  {
    arbitrary: fc.record({
      kind: fc.constant("decide" as const),
      person: pick,
      dueAfter: fc.integer({ min: 0, max: 10 }),
      acted: fc.boolean(),
    }),
    weight: 2,
  },
  fc.record({ kind: fc.constant("undecide" as const), decision: pick }),
  {
    arbitrary: fc.record({
      kind: fc.constant("followUp" as const),
      decision: pick,
      action: fc.constantFrom("complete" as const, "dueDate" as const),
      dueAfter: fc.integer({ min: 0, max: 10 }),
    }),
    weight: 2,
  },
  fc.record({ kind: fc.constant("makePerson" as const), name }),
  fc.record({ kind: fc.constant("rename" as const), person: pick, name }),
  fc.record({ kind: fc.constant("removePerson" as const), person: pick, heir: pick }),
  fc.constant({ kind: "nextDay" as const }),
  fc.record({
    kind: fc.constant("sqlStatus" as const),
    tasks: some,
    status,
    doneAfter: fc.integer({ min: -1, max: 30 }),
  }),
  fc.record({ kind: fc.constant("sqlSwap" as const), person: pick, other: pick }),
  fc.record({
    kind: fc.constant("sqlDates" as const),
    tasks: some,
    shift: fc.integer({ min: -40, max: 40 }),
  }),
  fc.record({ kind: fc.constant("sqlDelete" as const), tasks: some }),
  fc.record({
    kind: fc.constant("sqlRetask" as const),
    decision: pick,
    task: fc.integer({ min: -1, max: 50 }),
  }),
  fc.record({ kind: fc.constant("sqlRenameAll" as const), name }),
);

/** The people every sequence starts with, beside the administrator, by full name. */
const BASE_PEOPLE = ["Asma Khan", "Bilal Ahmed", "usman butt"];

/**
 * One app for the file (a fresh one per sequence costs seconds); `reset` brings it back to the
 * same start before each sequence (the audit trail, append-only, keeps growing), so a failing
 * sequence shrinks to writes that fail from that start.
 */
async function scenario() {
  let now = START;
  const t: TestApp = await createTestApp({ clock: () => now, runJobs: false });
  const admin = await t.signedInAs("admin", { fullName: "Administrator" });
  const base: string[] = [];
  for (const fullName of BASE_PEOPLE) base.push((await t.makeUser({ fullName })).id);
  const [meeting] = await t.db
    .insert(engagements)
    .values({
      date: TODAY,
      time: "10:00",
      subject: "Budget review",
      venue: "Cabinet Room",
      responsibility: "Secretary HED",
      status: "Held",
    })
    .returning();

  const rows = async <R = Row>(query: SQL | string) =>
    rowsOf<R>(await t.db.execute(typeof query === "string" ? sql.raw(query) : query));
  const today = () => addDays(TODAY, Math.round((now.getTime() - START.getTime()) / DAY_MS));
  const ids = async (query: string) => (await rows<{ id: string }>(query)).map((row) => row.id);
  const taskIds = () => ids("select id from tasks order by created_at, id");
  const people = () => ids(`select id from "user" where role = 'user' order by created_at, id`);
  const assignable = () =>
    ids(`select id from "user" where role <> 'organization_head' order by created_at, id`);
  const at = <T>(list: T[], n: number): T | undefined =>
    list.length ? list[n % list.length] : undefined;
  const chosen = <T>(list: T[], picks: number[]) =>
    [...new Set(picks.map((n) => at(list, n)))].filter((x): x is T => x !== undefined);
  /** `a, b, c` of ids as parameters (`::uuid` for task ids). */
  const idList = (values: string[], cast?: "uuid") =>
    sql.join(
      values.map((value) => (cast ? sql`${value}::uuid` : sql`${value}`)),
      sql`, `,
    );
  const cookie = admin.cookie;
  const call = (path: string, init: Parameters<TestApp["request"]>[1] = {}) =>
    t.request(path, { cookie, ...init });

  async function apply(w: Write): Promise<Response | undefined> {
    switch (w.kind) {
      case "create": {
        const assignedTo = at(await assignable(), w.person);
        const assignDate = addDays(today(), -w.assignAgo);
        return call("/api/tasks", {
          method: "POST",
          body: formOf({
            subject: "Verify the degree records",
            assignedTo,
            assignDate,
            dueDate: addDays(assignDate, w.dueAfter),
            taskType: "Task",
          }),
        });
      }
      case "edit": {
        const id = at(await taskIds(), w.task);
        if (!id) return;
        const assignDate = addDays(today(), -w.assignAgo);
        return call(`/api/tasks/${id}`, {
          method: "PATCH",
          body: formOf({
            subject: "Verify the degree records",
            assignedTo: at(await assignable(), w.person),
            assignDate,
            dueDate: addDays(assignDate, w.dueAfter),
            taskType: "Task",
            status: w.status,
            dueDateReason: "Rescheduled",
            version: await taskVersion(t, cookie, id),
          }),
        });
      }
      case "complete":
      case "delete": {
        const id = at(await taskIds(), w.task);
        if (!id) return;
        return w.kind === "complete"
          ? call(`/api/tasks/${id}/complete`, { method: "POST" })
          : call(`/api/tasks/${id}`, { method: "DELETE" });
      }
      case "bulk": {
        const chosenIds = chosen(await taskIds(), w.tasks);
        if (!chosenIds.length) return;
        const action =
          w.action === "reassign"
            ? { kind: "reassign", assignedTo: at(await assignable(), w.person) }
            : w.action === "dueDate"
              ? { kind: "dueDate", dueDate: addDays(today(), w.person % 15), reason: "Rescheduled" }
              : { kind: "complete" };
        return call("/api/tasks/bulk", {
          method: "POST",
          json: { selection: { by: "ids", ids: chosenIds }, action },
        });
      }
      case "decide": {
        const ownerId = at(await people(), w.person) ?? null;
        return call(`/api/engagements/${meeting.id}/decisions`, {
          method: "POST",
          json: {
            decisions: [
              w.acted
                ? {
                    description: "Draft the admissions policy",
                    outcome: "action",
                    ownerId,
                    dueDate: addDays(today(), w.dueAfter),
                  }
                : { description: "The budget was noted", outcome: "noted" },
            ],
          },
        });
      }
      case "undecide": {
        const id = at(await ids("select id from engagement_decisions order by seq"), w.decision);
        if (!id) return;
        return call(`/api/decisions/${id}`, { method: "DELETE" });
      }
      case "followUp": {
        // A decision's task moves: its status or due date must follow to the decision.
        const id = at(
          await ids(
            "select task_id as id from engagement_decisions where task_id is not null order by seq",
          ),
          w.decision,
        );
        if (!id) return;
        return w.action === "complete"
          ? call(`/api/tasks/${id}/complete`, { method: "POST" })
          : call("/api/tasks/bulk", {
              method: "POST",
              json: {
                selection: { by: "ids", ids: [id] },
                action: { kind: "dueDate", dueDate: addDays(today(), w.dueAfter), reason: "Later" },
              },
            });
      }
      case "makePerson":
        await t.makeUser({ fullName: NAMES[w.name] });
        return;
      case "rename": {
        const id = at(await people(), w.person);
        if (!id) return;
        return call(`/api/admin/users/${id}`, {
          method: "PATCH",
          json: {
            fullName: NAMES[w.name],
            role: "user",
            version: String(await accountVersion(t, cookie, id)),
          },
        });
      }
      case "removePerson": {
        const list = await people();
        const id = at(list, w.person);
        if (!id) return;
        const heir = at([admin.id, ...list.filter((other) => other !== id)], w.heir);
        return call(`/api/admin/users/${id}?handOverTo=${heir}`, { method: "DELETE" });
      }
      case "nextDay":
        now = new Date(now.getTime() + DAY_MS);
        return call("/api/tasks/stats"); // the day's first read sweeps overdue tasks
      case "sqlStatus": {
        const chosenIds = chosen(await taskIds(), w.tasks);
        if (!chosenIds.length) return;
        // Completed with no completion date (as older rows may be) counts as the report counts it.
        const done = w.doneAfter < 0 ? sql`null::date` : sql`assign_date + ${w.doneAfter}::int`;
        await t.db.execute(sql`update tasks set status = ${w.status},
          completion_date = (case when ${w.status} = 'completed' then ${done} end)::date
          where id in (${idList(chosenIds, "uuid")})`);
        return;
      }
      case "sqlSwap": {
        const list = await assignable();
        const [a, b] = [at(list, w.person), at(list, w.other)];
        if (!a || !b) return;
        await t.db.execute(sql`update tasks set assigned_to =
          case when assigned_to = ${a} then ${b} else ${a} end where assigned_to in (${a}, ${b})`);
        return;
      }
      case "sqlDates": {
        const chosenIds = chosen(await taskIds(), w.tasks);
        if (!chosenIds.length) return;
        await t.db.execute(sql`update tasks set assign_date = assign_date + ${w.shift}::int,
          due_date = due_date + ${w.shift}::int,
          original_due_date = coalesce(original_due_date, due_date)
          where id in (${idList(chosenIds, "uuid")})`);
        return;
      }
      case "sqlDelete": {
        const chosenIds = chosen(await taskIds(), w.tasks);
        if (!chosenIds.length) return;
        await t.db.execute(sql`delete from tasks where id in (${idList(chosenIds, "uuid")})`);
        return;
      }
      case "sqlRetask": {
        const id = at(await ids("select id from engagement_decisions order by seq"), w.decision);
        if (!id) return;
        // A task no other decision carries (one task, one decision), or none.
        const free = await ids(
          "select id from tasks where id not in (select task_id from engagement_decisions where task_id is not null) order by created_at, id",
        );
        const taskId = w.task < 0 ? null : (at(free, w.task) ?? null);
        await t.db.execute(
          sql`update engagement_decisions set task_id = ${taskId} where id = ${id}`,
        );
        return;
      }
      case "sqlRenameAll":
        // One statement renaming every user account, half to one name: shared names appear and
        // vanish together.
        await t.db.execute(sql`update "user" set name = case when ascii(right(id, 1)) % 2 = 0
          then ${NAMES[w.name]} else name || ' Jr.' end where role = 'user'`);
        return;
    }
  }

  /** Every kept value against its plain count; an empty list when all agree. */
  async function disagreements() {
    const found: { name: string; kept: Row[]; counted: Row[] }[] = [];
    const sorted = (list: Row[]) => list.map((row) => JSON.stringify(row)).sort();
    for (const { name, kept, counted } of KEPT_AND_COUNTED) {
      const [keptRows, countedRows] = [await rows(kept), await rows(counted)];
      if (JSON.stringify(sorted(keptRows)) !== JSON.stringify(sorted(countedRows)))
        found.push({ name, kept: keptRows, counted: countedRows });
    }
    // The recount a restore and the seed rely on (db/counters.ts) agrees with them too.
    for (const counter of COUNTERS) {
      const [{ differing }] = await rows<{ differing: number }>(differingSql(counter));
      if (differing) found.push({ name: `${counter.table} (differingSql)`, kept: [], counted: [] });
    }
    return found;
  }

  /** Back to the start: the base people under their names, six tasks of theirs, no decisions. */
  async function reset() {
    now = START;
    await t.db.execute(sql`delete from engagement_decisions`);
    await t.db.execute(sql`delete from tasks`);
    await t.db.execute(sql`delete from "user" where id not in (${idList([admin.id, ...base])})`);
    // The base people a sequence deleted come back, as new accounts of the same names.
    const left = new Set(await ids(`select id from "user"`));
    for (const [i, id] of base.entries())
      if (!left.has(id)) base[i] = (await t.makeUser({ fullName: BASE_PEOPLE[i] })).id;
    const named = sql.join(
      base.map((id, i) => sql`when ${id} then ${BASE_PEOPLE[i]}`),
      sql` `,
    );
    await t.db.execute(sql`update "user" set name = case id ${named} end
      where id in (${idList(base)}) and name <> case id ${named} end`);
    // One statement, as a seed or an import writes many tasks at once.
    await t.db.execute(sql`insert into tasks
      (subject, assigned_to, assign_date, due_date, status, completion_date)
      select 'Prepare the budget note', (array[${idList(base)}])[1 + n % 3],
        ${TODAY}::date - 10 * n, ${TODAY}::date - 10 * n + 7,
        (array['in_progress', 'completed', 'delayed'])[1 + n % 3],
        case when n % 3 = 1 then ${TODAY}::date - 10 * n + n end
      from generate_series(0, 5) as n`);
  }

  return { t, apply, disagreements, reset };
}

describe("values kept by database triggers", () => {
  let app: Awaited<ReturnType<typeof scenario>>;
  beforeAll(async () => {
    app = await scenario();
  });
  afterAll(() => app.t.close());

  it("equal a plain count over their rows after any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 30, size: "medium" }),
        async (writes) => {
          await app.reset();
          for (const w of writes) {
            const res = await app.apply(w);
            // Refusals (a stale edit, a due date before the assign date) are writes too: none may
            // fail on the server.
            if (res) expect(res.status, `${w.kind}: ${await res.clone().text()}`).toBeLessThan(500);
          }
          expect(await app.disagreements()).toEqual([]);
        },
      ),
      { numRuns: 20 },
    );
  }, 60_000);
});
