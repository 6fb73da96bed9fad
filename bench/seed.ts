// Deterministic demo and benchmark data: users with realistic roles, tasks over two years with
// a realistic mix of statuses, remarks and some real attachment and response files, and
// engagements, most past meetings with decisions (actions carried out by seeded tasks, some
// regretted or noted) and one follow-up meeting; optionally an audit trail (issue 16) of any length, a valid hash chain, with one
// task's history of 200 events spread over it. Writes in bulk SQL that respects every
// constraint of the schema.
//
//   node --import tsx bench/seed.ts [--users 300] [--tasks 100000] [--engagements 5000]
//                                   [--audit-events 0] [--markings-per-task 5] [--seed 42]
//
// Targets DATABASE_URL when set, else the embedded database in DATA_DIR (stop the server first).
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { auditHash } from "../src/server/audit/chain";
import { loadConfig } from "../src/server/config";
import { type Db, openDatabase, rowsOf } from "../src/server/db/client";
import { COUNTERS, recountSql } from "../src/server/db/counters";
import { migrate } from "../src/server/db/migrate";
import {
  account,
  auditChain,
  type auditEvents,
  engagementDecisions,
  engagements,
  taskProgressFiles,
  tasks,
  user,
} from "../src/server/db/schema";
import { createLocalStorage, newObjectKey } from "../src/server/files/storage";
import type { AuditChanges, AuditRule } from "../src/shared/audit";
import { addDays, daysBetween, todayIn } from "../src/shared/dates";
import { ENGAGEMENT_STATUSES, VENUES } from "../src/shared/engagements";
import type { Role } from "../src/shared/roles";
import type { TaskStatus } from "../src/shared/tasks";
import { placeholderEmail } from "../src/shared/users";
import { PDF_BYTES, PNG_BYTES } from "../tests/helpers/files";
import { seedRegisters } from "./seed-dak";
import { seedMarkings } from "./seed-markings";

export const DEMO_PASSWORD = "demo-pass-1";

export type SeedSizes = {
  users: number;
  tasks: number;
  engagements: number;
  /** Audit events appended to the trail (0: none); one task gets min(200, this) of them. */
  auditEvents?: number;
  /** The diary and dispatch registers' entries (issue 35; 0: none). */
  receipts?: number;
  dispatches?: number;
  /** Holdings per task (issue 36's movement; 0: none, as a task made before marking). */
  markingsPerTask?: number;
  seed: number;
};

/** The events of the one task whose history the bench opens (fewer when the trail is shorter). */
export const HISTORY_EVENTS = 200;

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const FIRST = [
  "Asma",
  "Bilal",
  "Sana",
  "Imran",
  "Nadia",
  "Kamran",
  "Farah",
  "Usman",
  "Hina",
  "Zainab",
  "Tariq",
  "Ayesha",
  "Hamza",
  "Rabia",
  "Saad",
  "Mehwish",
];
const LAST = [
  "Khan",
  "Ahmed",
  "Iqbal",
  "Qureshi",
  "Hussain",
  "Ali",
  "Siddiqui",
  "Baig",
  "Raza",
  "Malik",
  "Butt",
  "Chaudhry",
];
const TOPICS = [
  "enrolment figures",
  "hostel allocation",
  "scholarship list",
  "faculty recruitment",
  "college inspection",
  "budget note",
  "Assembly question",
  "audit para",
  "laboratory equipment",
  "transfer orders",
  "syllabus review",
  "examination schedule",
];
const VERBS = [
  "Compile",
  "Review",
  "Draft a reply on",
  "Prepare a summary of",
  "Verify",
  "Update",
  "Forward comments on",
];
const REMARKS = [
  "Draft shared with the section officer.",
  "Awaiting figures from the district office.",
  "Meeting held; minutes being prepared.",
  "Sent for the Secretary's approval.",
  "Data received from 12 of 15 colleges.",
];

// ---------------------------------------------------------------------------- audit trail

type SeedPerson = { id: string; name: string; role: Role };
type AuditSeed = { events: number; historyEvents: number; lastId: number; ms: number };
/** A trail row as the app writes it, before its own hash. */
type AuditRow = Omit<typeof auditEvents.$inferSelect, "hash">;

/** Rows per INSERT: one JSON parameter of about 3 MB. */
const AUDIT_BATCH = 5000;
/** From this many rows a table's secondary indexes are dropped and built again afterwards. */
const REBUILD_INDEXES_FROM = 100_000;
/** Tasks per INSERT, as one JSON parameter. */
const TASK_BATCH = 5000;
/** Completed tasks given a signed reply (a stored file each), at most. */
const MAX_RESPONSES = 1000;

/** A task row as the seed writes it: jsonb_to_recordset's columns. */
type SeedTask = {
  id: string;
  subject: string;
  description: string;
  assigned_to: string;
  created_by: string;
  assign_date: string;
  due_date: string;
  status: TaskStatus;
  remarks: string | null;
  task_type: "Task" | "Request";
  attachment_name: string | null;
  attachment_path: string | null;
  completion_date: string | null;
  created_at: string;
};

/**
 * Drops the indexes of `table` that back no constraint (all but the primary key) and answers
 * their definitions, to be run again once the rows are in: building an index once is several
 * times faster than keeping it up to date through a million inserts. Inside the seed's
 * transaction, so a failed seed leaves them as they were; read from the catalog, so whatever
 * indexes the migrations made are the ones rebuilt.
 */
async function dropSecondaryIndexes(
  tx: Db,
  table: "audit_events" | "tasks" | "task_markings",
): Promise<string[]> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select index.relname as name, pg_get_indexdef(index.oid) as definition
      from pg_index
      join pg_class index on index.oid = pg_index.indexrelid
      where pg_index.indrelid = ${table}::regclass
        and not exists (select 1 from pg_constraint where conindid = pg_index.indexrelid)`),
  );
  for (const { name } of indexes) await tx.execute(sql.raw(`drop index "${name}"`));
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  return indexes.map((row) => row.definition);
}

const change = (before: unknown, after: unknown) => ({ before, after }) as AuditChanges[string];

/**
 * Appends `count` events to the audit trail, continuing the chain from its head (the server's
 * first start may already have written some) and moving the head to the last one, so the app
 * and `npm run audit:verify` find a valid chain and carry it on. The hashes are the app's own
 * (server/audit/chain.ts), computed here; each batch goes in as one
 * `INSERT ... SELECT FROM jsonb_to_recordset($1)` while the next batch is built. Times run
 * evenly over the last two years, ids in order. `taskIds[0]` gets min(200, count) events
 * (created, edits, remarks, response files, completed) spread evenly over the whole trail, so
 * reading its history touches as many pages as a real old task's would; no other event names
 * it. Run it while no server is writing the trail.
 */
async function seedAuditEvents(
  db: Db,
  input: {
    count: number;
    seed: number;
    today: string;
    people: SeedPerson[];
    taskIds: string[];
    engagementIds: string[];
  },
): Promise<AuditSeed> {
  const { count, today, people, taskIds, engagementIds } = input;
  const started = performance.now();
  const rng = random(input.seed + 16);

  const admins = people.filter((p) => p.role === "admin");
  const historyTask = taskIds[0];
  const historyCount = Math.min(HISTORY_EVENTS, count);
  const historyEvery = count / historyCount;
  const otherTasks = taskIds.length > 1 ? taskIds.slice(1) : taskIds;
  const end = Date.now() - 3_600_000;
  const begin = end - 730 * 86_400_000;
  const step = (end - begin) / count;
  // addDays works in the office's zone and is slow: every day of the two years, once.
  const days = Array.from({ length: 731 }, (_, back) => addDays(today, -back));
  const day = () => days[rng.int(0, 730)];
  const personRef = (p: SeedPerson) => ({ id: p.id, name: p.name });

  /** The n-th event of the history task (0: created; last: completed). */
  function historyEvent(n: number): Pick<AuditRow, "entity" | "action" | "changes"> {
    if (n === 0)
      return {
        entity: "task",
        action: "created",
        changes: {
          subject: change(null, `${rng.pick(VERBS)} ${rng.pick(TOPICS)}`),
          description: change(null, `Please see to the ${rng.pick(TOPICS)} and report back.`),
          assignedTo: change(null, personRef(people.find((p) => p.role === "user") ?? people[0])),
          assignDate: change(null, days[730]),
          dueDate: change(null, days[700]),
          status: change(null, "in_progress"),
          taskType: change(null, "Task"),
        },
      };
    if (n === historyCount - 1 && n > 0)
      return {
        entity: "task",
        action: "completed",
        changes: {
          status: change("delayed", "completed"),
          completionDate: change(null, days[1]),
        },
      };
    if (n % 25 === 0)
      return {
        entity: "response_file",
        action: "uploaded",
        changes: { fileName: change(null, `reply-${n}.pdf`) },
      };
    if (n % 3 === 0)
      return {
        entity: "task",
        action: "updated",
        changes: { dueDate: change(days[Math.max(0, 700 - n)], days[Math.max(0, 699 - n)]) },
      };
    return {
      entity: "task",
      action: "remarks_updated",
      changes: { remarks: change(rng.pick(REMARKS), rng.pick(REMARKS)) },
    };
  }

  /** Any other event: mostly tasks, then engagements, response files, accounts, the rest. */
  function otherEvent(): Pick<AuditRow, "entity" | "entityId" | "action" | "changes"> {
    const roll = rng.next();
    if (roll < 0.8) {
      const entityId = rng.pick(otherTasks);
      const kind = rng.next();
      if (kind < 0.15)
        return {
          entity: "task",
          entityId,
          action: "created",
          changes: {
            subject: change(null, `${rng.pick(VERBS)} ${rng.pick(TOPICS)}`),
            assignedTo: change(null, personRef(rng.pick(people))),
            dueDate: change(null, day()),
            status: change(null, "in_progress"),
          },
        };
      if (kind < 0.45)
        return {
          entity: "task",
          entityId,
          action: "remarks_updated",
          changes: { remarks: change(null, rng.pick(REMARKS)) },
        };
      if (kind < 0.75)
        return {
          entity: "task",
          entityId,
          action: "completed",
          changes: {
            status: change("in_progress", "completed"),
            completionDate: change(null, day()),
          },
        };
      if (kind < 0.995)
        return {
          entity: "task",
          entityId,
          action: "updated",
          changes: { dueDate: change(day(), day()) },
        };
      return {
        entity: "task",
        entityId,
        action: "deleted",
        changes: { subject: change(`${rng.pick(VERBS)} ${rng.pick(TOPICS)}`, null) },
      };
    }
    if (roll < 0.9 && engagementIds.length > 0)
      return {
        entity: "engagement",
        entityId: rng.pick(engagementIds),
        action: rng.chance(0.3) ? "created" : "updated",
        changes: { venue: change(rng.pick(VENUES), rng.pick(VENUES)) },
      };
    if (roll < 0.95)
      return {
        entity: "response_file",
        entityId: rng.pick(otherTasks),
        action: "uploaded",
        changes: { fileName: change(null, "signed-reply.png") },
      };
    if (roll < 0.98) {
      const person = rng.pick(people);
      return rng.chance(0.5)
        ? { entity: "account", entityId: person.id, action: "password_changed", changes: {} }
        : {
            entity: "account",
            entityId: person.id,
            action: "updated",
            changes: { name: change(person.name, person.name) },
          };
    }
    if (roll < 0.99)
      return {
        entity: "settings",
        entityId: "office",
        action: "updated",
        changes: { dueSoonDays: change(3, 2) },
      };
    const date = day();
    return {
      entity: "holiday",
      entityId: date,
      action: "created",
      changes: { date: change(null, date), name: change(null, "Public holiday") },
    };
  }

  return db.transaction(async (tx) => {
    // The head stays locked until the rows and the head's move commit together.
    const [head] = await tx.select().from(auditChain).where(eq(auditChain.id, 1)).for("update");
    let lastId = head.lastId;
    let lastHash = head.lastHash;
    const rebuild =
      count >= REBUILD_INDEXES_FROM ? await dropSecondaryIndexes(tx, "audit_events") : [];
    let historyNext = 0;
    let pending: Promise<unknown> | undefined;
    for (let i = 0; i < count; i += AUDIT_BATCH) {
      const batch: Record<string, unknown>[] = [];
      for (let j = i; j < Math.min(i + AUDIT_BATCH, count); j++) {
        const forHistory =
          historyNext < historyCount && j >= Math.floor(historyNext * historyEvery);
        let event: Pick<AuditRow, "entity" | "entityId" | "action" | "changes">;
        let actor: { id: string; name: string } | { rule: AuditRule };
        if (forHistory) {
          event = { ...historyEvent(historyNext), entityId: historyTask };
          actor = historyNext === 0 ? admins[0] : rng.pick(people);
          historyNext++;
        } else {
          event = otherEvent();
          if (event.entity === "task" && event.action === "updated" && rng.chance(0.1)) {
            actor = { rule: "overdue_sweep" };
            event.changes = { status: change("in_progress", "delayed") };
          } else if (event.entity === "task" && event.action === "updated" && rng.chance(0.03)) {
            actor = { rule: "escalation_rule" };
            event.action = "escalated";
            event.changes = { status: change("delayed", "super_delayed") };
          } else actor = rng.chance(0.4) ? rng.pick(admins) : rng.pick(people);
        }
        const row: AuditRow = {
          id: lastId + 1,
          at: new Date(Math.round(begin + j * step)),
          actorId: "id" in actor ? actor.id : null,
          actorName: "id" in actor ? actor.name : actor.rule,
          actorRule: "rule" in actor ? actor.rule : null,
          ...event,
          reason: null,
          requestId: "rule" in actor ? null : `seed-request-${lastId + 1}`,
          prevHash: lastHash,
        };
        const hash = auditHash(row);
        batch.push({
          id: row.id,
          at: row.at.toISOString(),
          actor_id: row.actorId,
          actor_name: row.actorName,
          actor_rule: row.actorRule,
          entity: row.entity,
          entity_id: row.entityId,
          action: row.action,
          changes: row.changes,
          reason: row.reason,
          request_id: row.requestId,
          prev_hash: row.prevHash,
          hash,
        });
        lastId = row.id;
        lastHash = hash;
      }
      await pending; // one batch in the database while the next is built here
      pending = tx.execute(sql`
        insert into audit_events (id, at, actor_id, actor_name, actor_rule, entity, entity_id,
          action, changes, reason, request_id, prev_hash, hash)
        select id, at, actor_id, actor_name, actor_rule, entity, entity_id, action, changes,
          reason, request_id, prev_hash, hash
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(id bigint,
          at timestamptz, actor_id text, actor_name text, actor_rule text, entity text,
          entity_id text, action text, changes jsonb, reason text, request_id text,
          prev_hash text, hash text)`);
    }
    await pending;
    for (const definition of rebuild) await tx.execute(sql.raw(definition));
    await tx.update(auditChain).set({ lastId, lastHash }).where(eq(auditChain.id, 1));
    return {
      events: count,
      historyEvents: historyNext,
      lastId,
      ms: Math.round(performance.now() - started),
    };
  });
}

// ---------------------------------------------------------------------------- the seed

export async function seed(sizes: SeedSizes) {
  const config = loadConfig();
  const rng = random(sizes.seed);
  const database = await openDatabase(config);
  await migrate(database);
  const { db } = database;
  const storage = createLocalStorage(join(config.dataDir, "files"));
  const today = todayIn(config.timezone);
  const started = performance.now();

  try {
    // One hash for every demo account: hashing is deliberately slow and the password is shared.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const admins = Math.min(3, Math.max(1, Math.round(sizes.users / 150)));
    const heads = Math.min(5, Math.max(2, Math.round(sizes.users / 80)));
    const people = Array.from({ length: sizes.users }, (_, i) => {
      const role: Role = i < admins ? "admin" : i < admins + heads ? "organization_head" : "user";
      const userId = `demo${String(i + 1).padStart(4, "0")}`;
      const hasEmail = rng.chance(0.6);
      return {
        id: `seed-user-${i + 1}`,
        name: `${rng.pick(FIRST)} ${rng.pick(LAST)}`,
        email: hasEmail ? `${userId}@hed.example` : placeholderEmail(userId),
        username: userId,
        displayUsername: userId,
        role,
        // Accounts an administrator creates are verified (src/server/auth/sign-up.ts).
        emailVerified: true,
      };
    });
    for (let i = 0; i < people.length; i += 1000) {
      const batch = people.slice(i, i + 1000);
      await db.insert(user).values(batch).onConflictDoNothing();
      await db
        .insert(account)
        .values(
          batch.map((p) => ({
            id: `seed-account-${p.id}`,
            accountId: p.id,
            providerId: "credential",
            userId: p.id,
            password: passwordHash,
          })),
        )
        .onConflictDoNothing();
    }
    const workers = people.filter((p) => p.role !== "organization_head");
    const adminIds = people.filter((p) => p.role === "admin").map((p) => p.id);
    // The task whose history the bench opens: the first one, given to the first plain user so
    // that its assignee can open it too.
    const historyOwner = people.find((p) => p.role === "user") ?? workers[0];
    const taskIds: string[] = [];
    // Each task in turn carries out one action decision (a decision's task is its own).
    const decisionTasks: { id: string; assignedTo: string; dueDate: string }[] = [];

    let withFiles = 0;
    let responses = 0;
    let markings = 0;
    // One transaction: from REBUILD_INDEXES_FROM tasks the secondary indexes are dropped and
    // built again at the end, and a failed seed leaves them as they were.
    await db.transaction(async (tx) => {
      const rebuild =
        sizes.tasks >= REBUILD_INDEXES_FROM ? await dropSecondaryIndexes(tx, "tasks") : [];
      // Counted once at the end: the counters' trigger would rewrite every person's counters
      // in each batch, all in this one transaction, and at 1,000,000 tasks leave task_counts
      // 4,749 pages of dead rows for 91 of live ones, which no live server's would hold.
      await tx.execute(sql`alter table ${tasks} disable trigger task_counts_insert`);
      let pending: Promise<unknown> = Promise.resolve();
      for (let i = 0; i < sizes.tasks; i += TASK_BATCH) {
        const rows: SeedTask[] = [];
        for (let j = i; j < Math.min(i + TASK_BATCH, sizes.tasks); j++) {
          const assignDate = addDays(today, -rng.int(0, 730));
          const dueDate = addDays(assignDate, rng.int(2, 30));
          const isPast = dueDate < today;
          let status: TaskStatus;
          if (isPast)
            status = rng.chance(0.78) ? "completed" : rng.chance(0.8) ? "delayed" : "super_delayed";
          else status = rng.chance(0.25) ? "completed" : "in_progress";
          const completionDate =
            status === "completed"
              ? addDays(
                  assignDate,
                  rng.int(0, Math.max(0, Math.min(40, daysBetween(assignDate, today)))),
                )
              : null;
          const assignee = rng.pick(workers);
          const attach = withFiles < 200 && rng.chance(0.01);
          let attachmentPath: string | null = null;
          if (attach) {
            attachmentPath = newObjectKey(assignee.id, "pdf");
            await storage.put("task-attachments", attachmentPath, new Blob([PDF_BYTES]));
            withFiles++;
          }
          rows.push({
            id: crypto.randomUUID(),
            subject: `${rng.pick(VERBS)} ${rng.pick(TOPICS)}`,
            description: rng.chance(0.7)
              ? `Please see to the ${rng.pick(TOPICS)} and report back.`
              : "",
            assigned_to: assignee.id,
            created_by: rng.pick(adminIds),
            assign_date: assignDate,
            due_date: dueDate,
            status,
            remarks: rng.chance(0.4) ? rng.pick(REMARKS) : null,
            task_type: rng.chance(0.8) ? "Task" : "Request",
            attachment_name: attach ? "instructions.pdf" : null,
            attachment_path: attachmentPath,
            completion_date: completionDate,
            created_at: new Date(
              Date.parse(`${assignDate}T05:00:00Z`) + rng.int(0, 36_000) * 1000,
            ).toISOString(),
          });
        }
        if (i === 0 && rows.length > 0) rows[0].assigned_to = historyOwner.id;
        for (const r of rows) {
          taskIds.push(r.id);
          decisionTasks.push({ id: r.id, assignedTo: r.assigned_to, dueDate: r.due_date });
        }
        await pending; // one batch in the database while the next is built here
        // then() starts it: drizzle runs a query only once it is awaited, and each time.
        pending = tx
          .execute(sql`
          insert into ${tasks} (id, subject, description, assigned_to, created_by, assign_date,
            due_date, status, remarks, task_type, attachment_name, attachment_path,
            completion_date, created_at)
          select id, subject, description, assigned_to, created_by, assign_date, due_date,
            status, remarks, task_type, attachment_name, attachment_path, completion_date,
            created_at
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, subject text,
            description text, assigned_to text, created_by text, assign_date date,
            due_date date, status text, remarks text, task_type text, attachment_name text,
            attachment_path text, completion_date date, created_at timestamptz)`)
          .then(() => undefined);
        const responded = rows.filter(
          (r) => r.status === "completed" && responses < MAX_RESPONSES && rng.chance(0.005),
        );
        if (responded.length === 0) continue;
        await pending;
        for (const r of responded) {
          const key = newObjectKey(r.assigned_to, "png");
          await storage.put("task-progress-files", key, new Blob([PNG_BYTES]));
          responses++;
          await tx.insert(taskProgressFiles).values({
            taskId: r.id,
            uploadedBy: r.assigned_to,
            fileName: "signed-reply.png",
            filePath: key,
            fileType: "image/png",
          });
        }
      }
      await pending;
      const perTask = sizes.markingsPerTask ?? 0;
      if (perTask > 0) {
        const rebuildMarkings =
          sizes.tasks * perTask >= REBUILD_INDEXES_FROM
            ? await dropSecondaryIndexes(tx, "task_markings")
            : [];
        markings = await seedMarkings(tx, {
          perTask,
          holderIds: workers.map((person) => person.id),
        });
        for (const definition of rebuildMarkings) await tx.execute(sql.raw(definition));
      }
      await tx.execute(sql`alter table ${tasks} enable trigger task_counts_insert`);
      for (const counter of COUNTERS)
        for (const statement of recountSql(counter)) await tx.execute(sql.raw(statement));
      for (const definition of rebuild) await tx.execute(sql.raw(definition));
    });

    const meetings: { id: string; date: string }[] = [];
    for (let i = 0; i < sizes.engagements; i += 2000) {
      const rows = [];
      for (let j = i; j < Math.min(i + 2000, sizes.engagements); j++) {
        const date = addDays(today, rng.int(-700, 30));
        rows.push({
          id: crypto.randomUUID(),
          date,
          time: `${String(rng.int(8, 17)).padStart(2, "0")}:${rng.pick(["00", "15", "30", "45"])}`,
          subject: `Meeting on ${rng.pick(TOPICS)}`,
          venue: rng.pick(VENUES),
          responsibility: rng.chance(0.5)
            ? "Secretary HED"
            : `Additional Secretary (${rng.pick(["Colleges", "Planning", "Admin"])})`,
          status:
            date < today
              ? rng.chance(0.85)
                ? "Held"
                : rng.pick(["Postponed", "Cancelled"] as const)
              : rng.pick(ENGAGEMENT_STATUSES),
          createdBy: rng.pick(adminIds),
        });
      }
      await db.insert(engagements).values(rows);
      meetings.push(...rows.filter((row) => row.date < today));
    }

    // Three in five past meetings decided one to four things: mostly actions, each carried
    // out by the next seeded task (its assignee the owner, its due date the decision's).
    let decisions = 0;
    let nextTask = 0;
    let busiest = { id: "", date: "", count: 0 };
    for (let i = 0; i < meetings.length; i += 500) {
      const rows: (typeof engagementDecisions.$inferInsert)[] = [];
      for (const meeting of meetings.slice(i, i + 500)) {
        if (!rng.chance(0.6)) continue;
        const count = rng.int(1, 4);
        if (count > busiest.count) busiest = { id: meeting.id, date: meeting.date, count };
        for (let k = 0; k < count; k++) {
          const roll = rng.next();
          const task = roll < 0.8 ? decisionTasks[nextTask++] : undefined;
          rows.push({
            engagementId: meeting.id,
            description: `${rng.pick(VERBS)} ${rng.pick(TOPICS)}`,
            outcome: task ? "action" : roll < 0.9 ? "regretted" : "noted",
            ownerId: task?.assignedTo ?? null,
            dueDate: task?.dueDate ?? null,
            taskId: task?.id ?? null,
            reason: !task && roll < 0.9 ? "Not within the department's rules" : null,
            createdBy: rng.pick(adminIds),
          });
        }
      }
      if (rows.length > 0) await db.insert(engagementDecisions).values(rows);
      decisions += rows.length;
    }
    // The meeting the bench opens: a later follow-up of the one with the most decisions.
    const followUp = meetings.find(
      (meeting) => meeting.id !== busiest.id && meeting.date >= busiest.date,
    );
    if (followUp && busiest.id)
      await db
        .update(engagements)
        .set({ followUpOf: busiest.id })
        .where(eq(engagements.id, followUp.id));

    let audit: AuditSeed | undefined;
    if ((sizes.auditEvents ?? 0) > 0 && taskIds.length > 0) {
      const engagementIds = (await db.select({ id: engagements.id }).from(engagements)).map(
        (row) => row.id,
      );
      audit = await seedAuditEvents(db, {
        count: sizes.auditEvents ?? 0,
        seed: sizes.seed,
        today,
        people,
        taskIds,
        engagementIds,
      });
    }
    const registers =
      (sizes.receipts ?? 0) + (sizes.dispatches ?? 0) > 0
        ? await seedRegisters(db, {
            receipts: sizes.receipts ?? 0,
            dispatches: sizes.dispatches ?? 0,
            today,
            officerId: historyOwner.id,
          })
        : undefined;
    // Fresh statistics and visibility map, as autovacuum would leave them on a live server.
    await db.execute(sql`vacuum analyze`);
    return {
      ...sizes,
      ms: Math.round(performance.now() - started),
      engine: database.engine,
      decisions,
      followUpMeetingId: followUp && busiest.id ? followUp.id : null,
      historyTaskId: taskIds[0],
      historyOwnerId: historyOwner.id,
      audit,
      registers,
      markings,
    };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      users: { type: "string", default: "300" },
      tasks: { type: "string", default: "100000" },
      engagements: { type: "string", default: "5000" },
      "audit-events": { type: "string", default: "0" },
      receipts: { type: "string", default: "0" },
      dispatches: { type: "string", default: "0" },
      "markings-per-task": { type: "string", default: "5" },
      seed: { type: "string", default: "42" },
    },
  });
  const result = await seed({
    users: Number(values.users),
    tasks: Number(values.tasks),
    engagements: Number(values.engagements),
    auditEvents: Number(values["audit-events"]),
    receipts: Number(values.receipts),
    dispatches: Number(values.dispatches),
    markingsPerTask: Number(values["markings-per-task"]),
    seed: Number(values.seed),
  });
  console.log(
    `seeded ${JSON.stringify(result)}; demo accounts demo0001..: password "${DEMO_PASSWORD}" (demo0001 is an admin)`,
  );
}
