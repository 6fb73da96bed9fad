import { randomBytes } from "node:crypto";
import {
  linkSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

/** Who holds a DATA_DIR: enough to tell, from another process, whether the holder still runs. */
export type LockOwner = {
  pid: number;
  host: string;
  /** Linux: changes on every boot, so a lock from before a reboot is dead. */
  bootId?: string;
  /** Linux: the pid namespace; pids of another container mean nothing here. */
  pidNamespace?: string;
  /** Linux: the process's start time in clock ticks since boot; tells a reused pid apart. */
  processStart?: string;
  /** Ours alone: release removes the file only while it still holds this. */
  token: string;
  since: string;
};

export type DataDirLock = { owner: LockOwner; release(): void };

export class DataDirLockedError extends Error {}

const LOCK_FILE = ".lock";
/** An owner on another machine or container is judged by the file's age: refreshed this often... */
const REFRESH_MS = 5_000;
/** ...and abandoned after this long without a refresh. */
const FOREIGN_STALE_MS = 60_000;
/** The takeover guard protects a few file operations; older than this, its maker died in them. */
const TAKEOVER_STALE_MS = 10_000;
/** proper-lockfile's directory lock of earlier versions: fresh while its owner refreshed it. */
const LEGACY_STALE_MS = 15_000;

/** Tokens of the locks this process holds: a recorded pid equal to ours is otherwise a past life. */
const heldHere = new Set<string>();

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function procStat(pid: number): string[] | undefined {
  const stat = readOptional(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
}

function pidNamespace(): string | undefined {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    host: hostname(),
    bootId: readOptional("/proc/sys/kernel/random/boot_id"),
    pidNamespace: pidNamespace(),
    // Field 22 of stat; the slice starts at field 3.
    processStart: procStat(process.pid)?.[19],
    token: randomBytes(16).toString("hex"),
    since: new Date().toISOString(),
  };
}

function processRuns(pid: number, processStart: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(pid);
  if (!stat) return true; // no /proc (macOS): the signal test is all there is
  if (stat[0] === "Z" || stat[0] === "X") return false; // killed, not yet reaped
  return processStart === undefined || stat[19] === processStart;
}

function parseOwner(text: string | undefined): LockOwner | undefined {
  if (!text) return undefined;
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.host === "string" ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the recorded owner still holds the directory. On this machine (same host, boot and
 * pid namespace) only a process that is gone loses it, at once, however long a live one has
 * been paused. An owner elsewhere cannot be looked at, so it keeps the lock while it refreshes
 * the file.
 */
function ownerHolds(owner: LockOwner, lockPath: string, me: LockOwner): boolean {
  if (heldHere.has(owner.token)) return true;
  if (owner.host === me.host && owner.bootId && me.bootId && owner.bootId !== me.bootId) {
    return false; // this machine rebooted since
  }
  const sameMachine = owner.host === me.host && owner.pidNamespace === me.pidNamespace;
  if (sameMachine) return owner.pid !== me.pid && processRuns(owner.pid, owner.processStart);
  try {
    return Date.now() - statSync(lockPath).mtimeMs < FOREIGN_STALE_MS;
  } catch {
    return false;
  }
}

function describe(owner: LockOwner): string {
  return `process ${owner.pid} on ${owner.host}, since ${owner.since}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

/** Earlier versions locked with a directory of the same name; honour a live one, clear a dead one. */
function clearLegacyLock(lockPath: string, root: string) {
  try {
    const stat = statSync(lockPath);
    if (!stat.isDirectory()) return;
    if (Date.now() - stat.mtimeMs < LEGACY_STALE_MS) {
      throw new DataDirLockedError(
        `DATA_DIR ${root} is in use by an earlier version of the server; stop it first`,
      );
    }
    rmSync(lockPath, { recursive: true, force: true });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw err;
  }
}

/**
 * Replaces a dead owner's file with ours. A guard directory makes the check and the swap one
 * step, so two starters that both found the same dead owner cannot both take over.
 */
async function takeOver(lockPath: string, deadText: string, candidate: string): Promise<boolean> {
  const guard = `${lockPath}.takeover`;
  try {
    mkdirSync(guard);
  } catch (err) {
    if (errorCode(err) !== "EEXIST") throw err;
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(guard);
    } catch {
      // another starter removed it first
    }
    await sleep(50);
    return false;
  }
  try {
    if (readOptional(lockPath) !== deadText) return false;
    renameSync(candidate, lockPath);
    return true;
  } finally {
    rmdirSync(guard);
  }
}

/**
 * Locks a DATA_DIR for this process: a file recording the owner's pid and host, created
 * atomically (written aside, then hard-linked into place, so nobody reads it half-written).
 * Refuses with DataDirLockedError while the recorded owner lives; takes over at once from an
 * owner that is gone.
 */
export async function lockDataDir(root: string): Promise<DataDirLock> {
  const lockPath = join(root, LOCK_FILE);
  const me = currentOwner();
  const text = JSON.stringify(me);
  const candidate = join(root, `${LOCK_FILE}.${me.pid}.${me.token}`);
  clearLegacyLock(lockPath, root);
  writeFileSync(candidate, text);
  // Known as ours before it lands, so a concurrent call in this process sees it held.
  heldHere.add(me.token);
  try {
    for (;;) {
      try {
        linkSync(candidate, lockPath);
        break;
      } catch (err) {
        if (errorCode(err) !== "EEXIST") throw err;
      }
      const ownerText = readOptional(lockPath);
      if (ownerText === undefined) continue; // released in between: try again
      const owner = parseOwner(ownerText);
      if (owner && ownerHolds(owner, lockPath, me)) {
        throw new DataDirLockedError(
          `DATA_DIR ${root} is in use by another process (${describe(owner)}): a running server or script; stop it first`,
        );
      }
      if (await takeOver(lockPath, ownerText, candidate)) break;
    }
  } catch (err) {
    heldHere.delete(me.token);
    throw err;
  } finally {
    rmSync(candidate, { force: true });
  }

  const refresh = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(lockPath, now, now);
    } catch {
      // gone already: release ran, or an operator removed it
    }
  }, REFRESH_MS);
  refresh.unref();

  return {
    owner: me,
    release() {
      clearInterval(refresh);
      heldHere.delete(me.token);
      if (parseOwner(readOptional(lockPath))?.token === me.token) unlinkSync(lockPath);
    },
  };
}
