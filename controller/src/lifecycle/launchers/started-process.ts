// A service running as a child process: log tail, reset by SIGUSR2, stop by its process group.
import type { ChildProcess } from "node:child_process";
import { closeSync, openSync, readSync, statSync, watch } from "node:fs";
import { Wakeup } from "../../time/index.js";
import type { PidfileStore, PidRecord } from "../cleanup/pidfile-store.js";
import { stopGroup } from "../cleanup/process-group.js";
import { groupMembersCatching } from "../cleanup/signal-catchers.js";
import { debugLog } from "../common/debug-log.js";
import { RingBuffer } from "../common/ring-buffer.js";
import type { StartedService, StoppedService } from "./launcher.js";

export class StartedProcess implements StartedService {
  readonly launcher = "process" as const;
  readonly name: string;
  readonly wakeup = new Wakeup();
  readonly stopCommand: string;
  private readonly output = new RingBuffer(200);
  private readonly exitedController = new AbortController();
  private readonly exitPromise: Promise<void>;
  private stopped?: Promise<StoppedService>;
  private closeWatch?: () => void;

  constructor(
    child: ChildProcess,
    readonly url: string,
    private readonly store: PidfileStore,
    private readonly record: PidRecord,
    private readonly logFile?: string,
  ) {
    this.name = record.service;
    this.stopCommand = `kill -TERM -- -${record.pid}`;
    const onData = (chunk: Buffer) => {
      this.output.write(chunk.toString("utf8"));
      this.wakeup.trigger();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    if (logFile) {
      const watcher = watch(logFile, () => this.wakeup.trigger());
      watcher.unref();
      this.closeWatch = () => watcher.close();
    }
    this.exitPromise = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.output.push(`[gantry] process exited (${signal ? `signal ${signal}` : `code ${code}`})`);
        this.exitedController.abort(new Error(`process exited with ${signal ?? `code ${code}`}`));
        resolve();
      });
    });
  }

  get pid(): number {
    return this.record.pid;
  }

  get exited(): AbortSignal {
    return this.exitedController.signal;
  }

  logTail(lines = 50): string[] {
    return this.logFile ? readFileTail(this.logFile, lines) : this.output.tail(lines);
  }

  async finalLogTail(lines = 50): Promise<string[]> {
    return this.logTail(lines);
  }

  async reset(): Promise<boolean> {
    // To whoever in the group handles SIGUSR2: a wrapper (npm, sh) would die of it.
    const targets = groupMembersCatching(this.record.pid, "SIGUSR2") ?? [this.record.pid];
    debugLog(`Sending SIGUSR2 to ${this.name} (pids ${targets.join(", ") || "none"})...`);
    // Nobody handles it: sending it would only kill the service (the default action).
    for (const pid of targets) process.kill(pid, "SIGUSR2");
    debugLog(`Sent SIGUSR2 to ${this.name}`);
    return targets.length > 0;
  }

  stop(): Promise<StoppedService> {
    this.stopped ??= (async () => {
      debugLog(`Stopping process ${this.name} (pid ${this.record.pid})...`);
      await stopGroup(this.record.pid, 5000, this.exitPromise);
      this.closeWatch?.();
      this.store.remove(this.record);
      debugLog(`Stopped process ${this.name}`);
      return { name: this.name, launcher: this.launcher };
    })();
    return this.stopped;
  }
}

function readFileTail(path: string, lines: number): string[] {
  try {
    const size = statSync(path).size;
    const length = Math.min(size, 64 * 1024);
    const buffer = Buffer.alloc(length);
    const fd = openSync(path, "r");
    readSync(fd, buffer, 0, length, size - length);
    closeSync(fd);
    return buffer.toString("utf8").split(/\r?\n/).filter(Boolean).slice(-lines);
  } catch {
    return [];
  }
}
