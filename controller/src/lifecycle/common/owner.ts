// Identifies the CLI process that owns what a run started, so a later run can tell a leftover
// (owner gone, e.g. after kill -9) from something a live run is still using.
import { readFileSync } from "node:fs";
import { hostname } from "node:os";

export interface Owner {
  pid: number;
  /** Process start time from /proc (clock ticks since boot), guards against pid reuse; "" if unknown. */
  startTime: string;
  host: string;
  /** Hash of the config file's path (projectId): the sweep touches only its own project's things. */
  project?: string;
}

export function processStartTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22; the command name (field 2) may hold spaces, so count from the closing paren.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

export function currentOwner(): Owner {
  return { pid: process.pid, startTime: processStartTime(process.pid), host: hostname() };
}

export function isAlive(pid: number, startTime: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (!startTime) return true;
  const now = processStartTime(pid);
  return now === "" || now === startTime;
}
