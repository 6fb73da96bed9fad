// The end of .ci/run: one table of every layer both passes ran, then a check that nothing the
// tests started is still running (a server, a browser, a test worker). Exits 1 when a layer
// failed or a process was left behind.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { failureList, layerTable, recordedResults } from "./layers";

const root = process.cwd();
const file = process.env.TEST_LAYERS_FILE ?? "";

/** The parent of `pid`, or 0 when it is gone. */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces; the parent's pid follows it.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return 0;
  }
}

/** Whether `pid` is `other` or descends from it. */
function descendsFrom(pid: number, other: number): boolean {
  for (let at = pid; at > 1; at = parentOf(at)) if (at === other) return true;
  return false;
}

/**
 * Processes working in the checkout (Linux /proc), other than this one, its ancestors (the CI
 * script runs in the checkout too) and its own children (tsx's esbuild service).
 */
function leftBehind(): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    if (descendsFrom(process.pid, pid) || descendsFrom(pid, process.pid)) continue;
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd !== root && !cwd.startsWith(`${root}/`)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
      found.push({ pid, command: command.slice(0, 200) });
    } catch {
      // Gone while we looked, or not ours to read.
    }
  }
  return found;
}

const results = recordedResults(file);
console.log(`\nEvery layer of this run:\n${layerTable(results)}${failureList(results)}`);
let ok = results.length > 0 && results.every((result) => result.ok);

// A process stopping as the suite ends gets a moment to finish before it counts as left behind.
let leftovers = leftBehind();
for (let wait = 0; leftovers.length && wait < 10; wait += 1) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  leftovers = leftBehind();
}
if (leftovers.length) {
  const list = leftovers.map(({ pid, command }) => `${pid} ${command}`).join("\n");
  console.log(`\nProcesses the tests left running (now killed):\n${list}`);
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  ok = false;
} else {
  console.log("\nNo process the tests started is still running.");
}
process.exit(ok ? 0 : 1);
