import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import pino from "pino";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup, openArchive } from "../../src/server/backup/archive";
import { archiveName, type Manifest } from "../../src/server/backup/manifest";
import { restoreBackup } from "../../src/server/backup/restore";
import { backupSchedule } from "../../src/server/backup/schedule";
import { publicTables, quoteIdent, withSession } from "../../src/server/backup/session";
import { type Database, openEmbedded, openPostgres } from "../../src/server/db/client";
import { BUCKETS, createLocalStorage, type Storage } from "../../src/server/files/storage";
import type { TaskItem } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf } from "../helpers/factories";
import { fileOf, PDF_BYTES, PNG_BYTES } from "../helpers/files";
import { startS3Receiver } from "../helpers/s3";

const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(serverUrl);

type Target = {
  database: Database;
  storage: Storage;
  /** The target's files folder, where it stores them in one. */
  filesDir?: string;
  dataDir: string;
  drop(): Promise<void>;
};

describe("backup and restore", () => {
  let source: TestApp;
  let work: string;
  let backupDir: string;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let staff: Awaited<ReturnType<TestApp["signedInAs"]>>;
  const targets: Target[] = [];
  /** A backup of the seeded source, taken once. */
  let archive: Awaited<ReturnType<typeof createBackup>>;

  async function createTask(fields: Record<string, string | File>): Promise<TaskItem> {
    const res = await source.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        assignedTo: staff.id,
        assignDate: "2026-11-01",
        dueDate: "2026-12-01",
        taskType: "Task",
        ...fields,
      }),
    });
    expect(res.status).toBe(201);
    return res.json();
  }

  /** A small department as the app writes it: people, tasks in every state, files, engagements. */
  async function seed() {
    admin = await source.signedInAs("admin");
    staff = await source.signedInAs("user");
    await source.signedInAs("organization_head");
    await createTask({
      subject: "Compile the enrolment figures",
      description: "Quotes ' and \" and a backslash \\, two lines\nSET x = 1; -- not a statement",
      attachment: fileOf(PDF_BYTES, "brief.pdf", "application/pdf"),
    });
    const urdu = await createTask({ subject: "اعلیٰ تعلیم: بجٹ نوٹ", taskType: "Request" });
    const done = await createTask({
      subject: "Forward the audit reply",
      attachment: fileOf(PNG_BYTES, "scan.png", "image/png"),
    });
    const gone = await createTask({ subject: "A task deleted later" });
    const remarks = await source.request(`/api/tasks/${urdu.id}/remarks`, {
      method: "PUT",
      cookie: staff.cookie,
      json: { remarks: "Draft shared\twith the section officer 📎" },
    });
    expect(remarks.status).toBe(200);
    const upload = await source.request(`/api/tasks/${urdu.id}/response-file`, {
      method: "POST",
      cookie: staff.cookie,
      body: formOf({ file: fileOf(PDF_BYTES, "reply.pdf", "application/pdf") }),
    });
    expect(upload.status).toBe(201);
    const complete = await source.request(`/api/tasks/${done.id}/complete`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(complete.status).toBe(200);
    const remove = await source.request(`/api/tasks/${gone.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(remove.status).toBe(200);
    for (const [date, status] of [
      ["2026-11-24", "Scheduled"],
      ["2026-11-25", "Held"],
      ["2026-11-26", "Postponed"],
      ["2026-11-27", "Tentative"],
    ]) {
      const res = await source.request("/api/engagements", {
        method: "POST",
        cookie: admin.cookie,
        json: {
          date,
          time: "10:00",
          subject: "Budget review",
          venue: "Cabinet Room",
          responsibility: "Secretary HED",
          status,
          // A postponement is saved with its reason (issue 17).
          ...(status === "Postponed" ? { statusReason: "Minister on tour" } : {}),
        },
      });
      expect(res.status).toBe(201);
    }
    expect((await source.request("/api/calendar/feed", { cookie: staff.cookie })).status).toBe(200);
  }

  beforeAll(async () => {
    source = await createTestApp();
    await seed();
    work = await mkdtemp(join(tmpdir(), "hed-backup-test-"));
    backupDir = join(work, "backups");
    archive = await createBackup({ database: source.database, storage: source.storage, backupDir });
  }, 60_000);
  afterAll(async () => {
    for (const target of targets) await target.drop();
    await source.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Every row of every table, as text in UTC, sorted: equal snapshots mean equal data. */
  async function tablesOf(database: Database): Promise<Record<string, string[]>> {
    return withSession(database, async (session) => {
      await session.exec("begin; set local timezone = 'UTC'");
      const snapshot: Record<string, string[]> = {};
      for (const table of await publicTables(session)) {
        const rows = await session.rows<{ row: string }>(
          `select to_jsonb(t)::text as row from public.${quoteIdent(table)} t order by 1`,
        );
        snapshot[table] = rows.map((row) => row.row);
      }
      await session.exec("commit");
      return snapshot;
    });
  }

  /** Every stored file's bytes, by `{bucket}/{key}`, from a folder or a bucket alike. */
  async function filesOf(storage: Storage): Promise<Record<string, Buffer>> {
    const files: Record<string, Buffer> = {};
    for (const bucket of BUCKETS)
      for await (const { key } of storage.list(bucket)) {
        const stored = await storage.open(bucket, key);
        files[`${bucket}/${key}`] = Buffer.from(await new Response(stored?.body).arrayBuffer());
      }
    return files;
  }

  async function expectSameAsSource(target: { database: Database; storage: Storage }) {
    const expected = await tablesOf(source.database);
    expect(Object.values(expected).flat().length).toBeGreaterThan(20);
    expect(await tablesOf(target.database)).toEqual(expected);
    const files = await filesOf(source.storage);
    expect(Object.keys(files)).toHaveLength(3);
    expect(await filesOf(target.storage)).toEqual(files);
  }

  async function freshPgliteTarget(): Promise<Target> {
    const dataDir = join(work, `data-${randomBytes(4).toString("hex")}`);
    const database = await openEmbedded(dataDir);
    const filesDir = join(dataDir, "files");
    const storage = createLocalStorage(filesDir);
    const target = { database, dataDir, filesDir, storage, drop: database.close };
    targets.push(target);
    return target;
  }

  async function freshPostgresTarget(): Promise<Target> {
    const name = `hed_restore_${randomBytes(6).toString("hex")}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(sql);
      await client.end();
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), { max: 2 });
    const dataDir = join(work, name);
    const filesDir = join(dataDir, "files");
    const target = {
      database,
      dataDir,
      filesDir,
      storage: createLocalStorage(filesDir),
      async drop() {
        await database.close();
        await admin(`drop database if exists ${name} with (force)`);
      },
    };
    targets.push(target);
    return target;
  }

  /** A fresh target on the engine this pass runs on. */
  const freshTarget = () => (onPostgres ? freshPostgresTarget() : freshPgliteTarget());

  const backupOf = (database: Database, storage: Storage) =>
    createBackup({ database, storage, backupDir });

  const restoreInto = (target: Target, archive: string, force = false) =>
    restoreBackup(archive, { database: target.database, storage: target.storage, force });

  it(`a ${onPostgres ? "PostgreSQL" : "PGlite"} backup restores into an empty target with every row and file identical; a full target needs --force`, async () => {
    const { manifest } = archive;
    expect(manifest).toMatchObject({
      engine: onPostgres ? "postgres" : "pglite",
      schemaVersion: expect.stringMatching(/^\d{4}_/),
    });
    if (!onPostgres) expect(manifest.serverVersion).toMatch(/^18\./);
    // It holds password hashes: for the server's own account alone.
    expect(statSync(archive.path).mode & 0o777).toBe(0o600);
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    const target = await freshTarget();
    expect((await restoreInto(target, archive.path)).countersRebuilt).toBe(false);
    await expectSameAsSource(target);

    await expect(restoreInto(target, archive.path)).rejects.toThrow(
      /^the restore target is not empty \(its database holds \d+ rows\).*add --force/,
    );
    await restoreInto(target, archive.path, true);
    await expectSameAsSource(target);
    // Three restores: about 9 s alone, over 30 s beside the rest of CI on two cores.
  }, 120_000);

  it("a backup moves from a folder to a bucket and back, every file byte-identical", async () => {
    const receiver = await startS3Receiver();
    try {
      const onS3: Target = { ...(await freshTarget()), storage: receiver.storage("restored") };
      await restoreInto(onS3, archive.path);
      await expectSameAsSource(onS3);

      const fromS3 = await backupOf(onS3.database, onS3.storage);
      const filesIn = (manifest: Manifest) =>
        manifest.entries.filter((entry) => entry.path.startsWith("files/"));
      expect(filesIn(fromS3.manifest)).toHaveLength(3);
      expect(filesIn(fromS3.manifest)).toEqual(filesIn(archive.manifest));
      const inFolder = await freshTarget();
      await restoreInto(inFolder, fromS3.path);
      await expectSameAsSource(inFolder);
    } finally {
      await receiver.close();
    }
  }, 180_000);

  it.skipIf(!onPostgres)(
    "backups cross engines both ways: PostgreSQL to PGlite, and PGlite (PostgreSQL 18) to PostgreSQL 15",
    async () => {
      const embedded = await freshPgliteTarget();
      await restoreInto(embedded, archive.path);
      await expectSameAsSource(embedded);

      const fromPglite = await backupOf(embedded.database, embedded.storage);
      expect(fromPglite.manifest.engine).toBe("pglite");
      expect(fromPglite.manifest.serverVersion).toMatch(/^18\./);
      const server = await freshPostgresTarget();
      await restoreInto(server, fromPglite.path);
      await expectSameAsSource(server);
    },
    60_000,
  );

  it("refuses a damaged, truncated, unlisted or newer archive before touching any target", async () => {
    const unpacked = join(work, "unpacked");
    await mkdir(unpacked, { recursive: true });
    await tar.extract({ file: archive.path, cwd: unpacked });
    const repack = async (name: string) => {
      const file = join(work, name);
      await tar.create({ gzip: true, file, cwd: unpacked }, await readdir(unpacked));
      return file;
    };
    const edit = async (path: string, change: (text: string) => string, name: string) => {
      const original = await readFile(join(unpacked, path), "utf8");
      await writeFile(join(unpacked, path), change(original));
      const file = await repack(name);
      await writeFile(join(unpacked, path), original);
      return file;
    };

    const damaged = await edit(
      "database.sql",
      (sql) => sql.replace("Compile the enrolment", "Compile the enrolmenT"),
      "damaged.tar.gz",
    );
    const newer = await edit(
      "manifest.json",
      (json) => JSON.stringify({ ...JSON.parse(json), schemaVersion: "9999_from_the_future" }),
      "newer.tar.gz",
    );
    await writeFile(join(unpacked, "files", "planted.sh"), "#!/bin/sh\n");
    const unlisted = await repack("unlisted.tar.gz");
    const truncated = join(work, "truncated.tar.gz");
    const bytes = await readFile(archive.path);
    await writeFile(truncated, bytes.subarray(0, bytes.length / 2));

    await expect(openArchive(damaged)).rejects.toThrow(
      "is damaged: database.sql does not match its checksum",
    );
    await expect(openArchive(truncated)).rejects.toThrow("is not a readable backup archive");
    await expect(openArchive(unlisted)).rejects.toThrow(
      "holds files/planted.sh, which its manifest does not list",
    );
    await expect(openArchive(newer)).rejects.toThrow(
      /schema \(9999_from_the_future\) is newer than this version of the app knows \(\d{4}_\w+\): upgrade the app first$/,
    );
    await expect(openArchive(join(work, "missing.tar.gz"))).rejects.toThrow(
      "no such backup archive",
    );
    // What restoreBackup checks first, it checks before the target: nothing is written there.
    const target = await freshTarget();
    await expect(restoreInto(target, damaged)).rejects.toThrow("does not match its checksum");
    expect(await withSession(target.database, publicTables)).toEqual([]);
    expect(existsSync(target.filesDir as string)).toBe(false);
  }, 120_000);

  it.skipIf(onPostgres)(
    "npm run backup and npm run restore work on DATA_DIR and answer every error in one line",
    async () => {
      const dataDir = join(work, "cli-data");
      const run = (script: string, ...args: string[]) =>
        spawnSync("node", ["--import", "tsx", `scripts/${script}.ts`, ...args], {
          encoding: "utf8",
          env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: "" },
        });

      const missing = run("restore", join(work, "nowhere.tar.gz"));
      expect(missing.status).toBe(1);
      expect(missing.stderr).toMatch(/^restore failed: no such backup archive: .*\n$/);
      expect(existsSync(dataDir)).toBe(false);

      const restored = run("restore", archive.path);
      expect(restored.stderr).toBe("");
      expect(restored.stdout).toContain(`into DATA_DIR ${dataDir}`);
      const again = run("restore", archive.path);
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/^restore failed: the restore target is not empty .*\n$/);

      const backup = run("backup");
      expect(backup.stderr).toBe("");
      const written = /^backup written: (\S+) /.exec(backup.stdout)?.[1] ?? "";
      const copy = await openArchive(written);
      try {
        expect(copy.manifest.rowCounts).toEqual(archive.manifest.rowCounts);
        const files = (entries: typeof copy.manifest.entries) =>
          entries.filter((entry) => entry.path.startsWith("files/"));
        expect(files(copy.manifest.entries)).toEqual(files(archive.manifest.entries));
      } finally {
        await copy.close();
      }

      const held = await openEmbedded(dataDir);
      try {
        const locked = run("backup");
        expect(locked.status).toBe(1);
        expect(locked.stderr).toMatch(
          /^backup failed: DATA_DIR .* is held by a running server.*\n$/,
        );
      } finally {
        await held.close();
      }
    },
    120_000,
  );

  it("a backup taken during writes restores consistent: counters match the tasks", async () => {
    let writing = true;
    let created = 0;
    const writer = async (n: number) => {
      let i = 0;
      while (writing) {
        // Requests reach a real server through its sockets; here, where every step of a
        // request on in-memory PGlite resolves at once, yielding between them does the same.
        await new Promise((resolve) => setImmediate(resolve));
        const task = await createTask({ subject: `Concurrent ${n}-${i++}` });
        created += 1;
        if (i % 2 === 0) {
          await source.request(`/api/tasks/${task.id}/complete`, {
            method: "POST",
            cookie: admin.cookie,
          });
        }
        if (i % 3 === 0) {
          await source.request(`/api/tasks/${task.id}`, { method: "DELETE", cookie: admin.cookie });
        }
      }
      return i;
    };
    const writers = [writer(1), writer(2), writer(3)];
    // Tasks written before the dump (a fixed wait saw none on a starved machine), then during it.
    while (created < 6) await new Promise((resolve) => setTimeout(resolve, 50));
    const { path, manifest } = await backupOf(source.database, source.storage);
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    const written = await Promise.all(writers);
    // Writes went on before and after the dump, and the app kept working after it.
    expect(Math.min(...written)).toBeGreaterThan(1);

    const target = await freshTarget();
    const result = await restoreInto(target, path);
    expect(result.countersRebuilt).toBe(false);
    const [check] = await withSession(target.database, (session) =>
      session.rows<{ kept: string; tasks: string }>(`
        select
          (select coalesce(sum(total), 0)::text from task_counts) as kept,
          (select count(*)::text from tasks) as tasks`),
    );
    expect(check.kept).toBe(check.tasks);
    expect(Number(check.tasks)).toBe(manifest.rowCounts.tasks);
    expect(manifest.rowCounts.tasks).toBeGreaterThan(archive.manifest.rowCounts.tasks);
    // About 12 s on an idle machine (PGlite's pg_dump is WebAssembly, and the restore opens a
    // second database); beside the rest of the suite on two cores, over 60 s once.
  }, 180_000);

  it("the server's schedule takes backups on its cron in APP_TIMEZONE and keeps BACKUP_KEEP", async () => {
    const options = {
      timezone: "Asia/Karachi",
      keep: 2,
      database: source.database,
      storage: source.storage,
      logger: pino({ level: "silent" }),
    };
    const nightly = backupSchedule({ ...options, pattern: "0 2 * * *", backupDir });
    // 02:00 in Karachi (UTC+5) is 21:00 UTC.
    expect(nightly.nextRun()?.toISOString()).toMatch(/T21:00:00\.000Z$/);

    // Three nights on the injected clock (the scheduler's ticks hand the schedule its `now`):
    // a backup each, claimed once, the oldest pruned.
    const dir = join(work, "scheduled");
    const scheduled = backupSchedule({ ...options, pattern: "0 2 * * *", backupDir: dir });
    const nights = ["2026-11-23", "2026-11-24", "2026-11-25"].map(
      (day) => new Date(`${day}T21:00:00Z`),
    );
    for (const night of nights) await scheduled.run(night);
    const archives = (await readdir(dir)).filter((name) => name.endsWith(".tar.gz")).sort();
    expect(archives).toEqual(nights.slice(-2).map(archiveName));
  }, 60_000);
});
