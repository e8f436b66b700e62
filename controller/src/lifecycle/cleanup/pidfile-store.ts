// One JSON pidfile per started process under <rootDir>/.cache/e2e/, so a later run can find
// processes whose owner died (kill -9) and stop them.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Owner } from "../common/owner.js";

export interface PidRecord {
  service: string;
  runId: string;
  pid: number;
  /** /proc start time of `pid`, to tell it from a later process reusing the number. */
  startTime: string;
  owner: Owner;
  keep: boolean;
  command: string[];
}

export class PidfileStore {
  readonly dir: string;

  constructor(rootDir: string) {
    this.dir = join(rootDir, ".cache", "e2e");
  }

  write(record: PidRecord): string {
    mkdirSync(this.dir, { recursive: true });
    const path = this.pathOf(record);
    // Written whole, then renamed into place: a run listing the folder meanwhile (every boot
    // looks for strays) must never read half a record and drop it as damaged.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(record, null, 2));
    renameSync(partial, path);
    return path;
  }

  remove(record: PidRecord): void {
    rmSync(this.pathOf(record), { force: true });
  }

  list(): PidRecord[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith(".pid.json"));
    } catch {
      return [];
    }
    const records: PidRecord[] = [];
    for (const name of names) {
      try {
        records.push(JSON.parse(readFileSync(join(this.dir, name), "utf8")) as PidRecord);
      } catch {
        // Damaged (written before records were renamed into place, or by hand): nothing to act on; drop it.
        rmSync(join(this.dir, name), { force: true });
      }
    }
    return records;
  }

  private pathOf(record: Pick<PidRecord, "runId" | "service">): string {
    return join(this.dir, `${record.runId}.${record.service}.pid.json`);
  }
}
