// The server's memory as the bench reads it from /proc: per serving process, so a cluster's
// figure is its largest worker's (the target is per worker), and one process's is its own.
import { readFileSync } from "node:fs";
import { servingPids } from "../scripts/app-server";

function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The largest resident set of the server's serving processes now, in MB. */
export function rssMb(serverPid: number): number {
  return Math.max(0, ...servingPids(serverPid).map((pid) => statusMb(pid, "VmRSS")));
}

/** The largest lifetime peak (VmHWM) of the server's serving processes, in MB. */
export function peakRssMb(serverPid: number): number {
  return Math.max(0, ...servingPids(serverPid).map((pid) => statusMb(pid, "VmHWM")));
}
