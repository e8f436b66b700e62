// How a service gets started: one interface, a docker and a process implementation.
// States have their own types: LaunchRequest (what to start) → StartedService → StoppedService.
import type { ServiceConfig } from "../../config/index.js";
import type { Wakeup } from "../../time/index.js";
import type { Owner } from "../common/owner.js";

export type LauncherName = "docker" | "process";

export interface LaunchRequest {
  service: ServiceConfig;
  rootDir: string;
  configHash: string;
  runId: string;
  owner: Owner;
  /** --keep: started things outlive this process. */
  keep: boolean;
  /** Port on 127.0.0.1 the service must answer on. */
  hostPort: number;
  /** Extra environment, e.g. REDIS_URL of a backing container. */
  env: Record<string, string>;
  /** Docker network shared with the service's backing containers (docker launcher only). */
  network?: string;
  log: (line: string) => void;
  signal?: AbortSignal;
}

export interface StartedService {
  readonly name: string;
  readonly launcher: LauncherName;
  /** Effective base URL (base_url's path on 127.0.0.1:hostPort). */
  readonly url: string;
  /** Triggered whenever the service prints something: a poller may look again at once. */
  readonly wakeup: Wakeup;
  /** Aborted when the service exits by itself (no point polling a dead process). */
  readonly exited: AbortSignal;
  logTail(lines?: number): string[];
  /** The log tail as complete as it can be had now (a container's log is asked for again). */
  finalLogTail(lines?: number): Promise<string[]>;
  /**
   * Sends SIGUSR2 (the services reset to their seeded state). False when nothing in it handles
   * the signal (so none was sent); the caller waits for the reset to show (confirmed-reset.ts).
   */
  reset(): Promise<boolean>;
  stop(): Promise<StoppedService>;
  /** Shell command that stops it by hand (printed with --keep). */
  readonly stopCommand: string;
}

export interface StoppedService {
  readonly name: string;
  readonly launcher: LauncherName;
}

export interface Launcher {
  readonly name: LauncherName;
  /** Work that can run while backing containers start (e.g. an image build). */
  prepare?(request: Pick<LaunchRequest, "service" | "rootDir" | "log">): Promise<unknown>;
  start(request: LaunchRequest): Promise<StartedService>;
}
