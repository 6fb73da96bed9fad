// Deterministic demo and benchmark data: users with realistic roles, tasks over two years with
// a realistic mix of statuses, remarks and some real attachment and response files, and
// engagements. Writes in bulk SQL that respects every constraint of the schema.
//
//   node --import tsx bench/seed.ts [--users 300] [--tasks 100000] [--engagements 5000] [--seed 42]
//
// Targets DATABASE_URL when set, else the embedded database in DATA_DIR (stop the server first).
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { account, engagements, taskProgressFiles, tasks, user } from "../src/server/db/schema";
import { createLocalStorage, newObjectKey } from "../src/server/files/storage";
import { addDays, daysBetween, todayIn } from "../src/shared/dates";
import { ENGAGEMENT_STATUSES, VENUES } from "../src/shared/engagements";
import type { Role } from "../src/shared/roles";
import type { TaskStatus } from "../src/shared/tasks";
import { placeholderEmail } from "../src/shared/users";
import { PDF_BYTES, PNG_BYTES } from "../tests/helpers/files";

export const DEMO_PASSWORD = "demo-pass-1";

export type SeedSizes = { users: number; tasks: number; engagements: number; seed: number };

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

    let withFiles = 0;
    for (let i = 0; i < sizes.tasks; i += 2000) {
      const rows = [];
      for (let j = i; j < Math.min(i + 2000, sizes.tasks); j++) {
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
          await storage.put("task-attachments", attachmentPath, PDF_BYTES);
          withFiles++;
        }
        rows.push({
          id: crypto.randomUUID(),
          subject: `${rng.pick(VERBS)} ${rng.pick(TOPICS)}`,
          description: rng.chance(0.7)
            ? `Please see to the ${rng.pick(TOPICS)} and report back.`
            : "",
          assignedTo: assignee.id,
          createdBy: rng.pick(adminIds),
          assignDate,
          dueDate,
          status,
          remarks: rng.chance(0.4) ? rng.pick(REMARKS) : null,
          taskType: rng.chance(0.8) ? ("Task" as const) : ("Request" as const),
          attachmentName: attach ? "instructions.pdf" : null,
          attachmentPath,
          completionDate,
          createdAt: new Date(Date.parse(`${assignDate}T05:00:00Z`) + rng.int(0, 36_000) * 1000),
        });
      }
      await db.insert(tasks).values(rows);
      const responded = rows.filter((r) => r.status === "completed" && rng.chance(0.005));
      for (const r of responded) {
        const key = newObjectKey(r.assignedTo, "png");
        await storage.put("task-progress-files", key, PNG_BYTES);
        await db.insert(taskProgressFiles).values({
          taskId: r.id,
          uploadedBy: r.assignedTo,
          fileName: "signed-reply.png",
          filePath: key,
          fileType: "image/png",
        });
      }
    }

    for (let i = 0; i < sizes.engagements; i += 2000) {
      const rows = [];
      for (let j = i; j < Math.min(i + 2000, sizes.engagements); j++) {
        const date = addDays(today, rng.int(-700, 30));
        rows.push({
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
    }
    // Fresh statistics and visibility map, as autovacuum would leave them on a live server.
    await db.execute(sql`vacuum analyze`);
    return { ...sizes, ms: Math.round(performance.now() - started), engine: database.engine };
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
      seed: { type: "string", default: "42" },
    },
  });
  const result = await seed({
    users: Number(values.users),
    tasks: Number(values.tasks),
    engagements: Number(values.engagements),
    seed: Number(values.seed),
  });
  console.log(
    `seeded ${JSON.stringify(result)}; demo accounts demo0001..: password "${DEMO_PASSWORD}" (demo0001 is an admin)`,
  );
}
