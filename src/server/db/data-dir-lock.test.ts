import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, type LockOwner, lockDataDir } from "./data-dir-lock";

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "hed-lock-"));
  dirs.push(dir);
  return dir;
}

/** A process of this machine that sleeps until killed. */
function sleeper(): ChildProcess {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  return child;
}

async function exitedPid(): Promise<number> {
  const child = spawn("true", { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}

function startTicks(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

/** Writes the lock file as another process of this machine would have. */
async function writeOwner(dir: string, owner: Partial<LockOwner>) {
  const mine = await lockDataDir(tempDir());
  mine.release();
  const record: LockOwner = { ...mine.owner, token: "someone-else", ...owner };
  writeFileSync(join(dir, ".lock"), JSON.stringify(record));
}

describe("lockDataDir", () => {
  it("refuses while the recorded owner runs, naming it", async () => {
    const dir = tempDir();
    const owner = sleeper();
    const pid = owner.pid as number;
    await writeOwner(dir, { pid, processStart: startTicks(pid) });
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(`is in use by another process (process ${pid}`);
  });

  it("never gives up a paused owner, however long ago it last ran", async () => {
    const dir = tempDir();
    const owner = sleeper();
    const pid = owner.pid as number;
    await writeOwner(dir, { pid, processStart: startTicks(pid) });
    owner.kill("SIGSTOP");
    const longAgo = new Date(Date.now() - 3600_000);
    utimesSync(join(dir, ".lock"), longAgo, longAgo);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it("takes over at once from an owner that is gone", async () => {
    const dir = tempDir();
    await writeOwner(dir, { pid: await exitedPid() });
    const lock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, ".lock"), "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, ".lock"))).toBe(false);
  });

  it("takes over when the pid now belongs to a different process", async () => {
    const dir = tempDir();
    const other = sleeper();
    await writeOwner(dir, { pid: other.pid as number, processStart: "1" });
    (await lockDataDir(dir)).release();
  });

  it("takes over from a life of this same pid before a restart, and from before a reboot", async () => {
    const dir = tempDir();
    await writeOwner(dir, { pid: process.pid, processStart: "1" });
    (await lockDataDir(dir)).release();
    const other = sleeper();
    await writeOwner(dir, { pid: other.pid as number, bootId: "an-earlier-boot" });
    (await lockDataDir(dir)).release();
  });

  it("judges an owner on another machine by how fresh it keeps the file", async () => {
    const dir = tempDir();
    await writeOwner(dir, { host: `not-${hostname()}`, pid: 1 });
    await expect(lockDataDir(dir)).rejects.toThrow(/is in use by another process/);
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(dir, ".lock"), old, old);
    (await lockDataDir(dir)).release();
  });

  it("lets exactly one of many starters take over a dead owner", async () => {
    const dir = tempDir();
    await writeOwner(dir, { pid: await exitedPid() });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const result of won) result.value.release();
  });

  it("release leaves a lock someone else holds alone", async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    const owner = sleeper();
    await writeOwner(dir, { pid: owner.pid as number });
    lock.release();
    expect(existsSync(join(dir, ".lock"))).toBe(true);
  });

  it("honours a fresh directory lock of earlier versions and clears a stale one", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, ".lock"));
    await expect(lockDataDir(dir)).rejects.toThrow(/earlier version/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, ".lock"), old, old);
    (await lockDataDir(dir)).release();
  });
});
