// A service (or backing) container we started: follows its log, resets by SIGUSR2 through the
// Docker API, and is stopped and removed on stop().

import { Wakeup } from "../../time/index.js";
import { debugLog } from "../common/debug-log.js";
import { RingBuffer } from "../common/ring-buffer.js";
import type { ContainerClient } from "../container-runtime/types.js";
import type { StartedService, StoppedService } from "./launcher.js";
import { resetContainer } from "./reset-container.js";

export class StartedContainer implements StartedService {
  readonly launcher = "docker" as const;
  readonly wakeup = new Wakeup();
  readonly stopCommand: string;
  private readonly output = new RingBuffer(200);
  private readonly exitedController = new AbortController();
  private following?: Promise<() => void>;
  private stopped?: Promise<StoppedService>;

  constructor(
    private readonly client: ContainerClient,
    readonly id: string,
    readonly containerName: string,
    readonly name: string,
    readonly url: string,
  ) {
    this.stopCommand = `docker rm -f ${containerName}`;
  }

  get exited(): AbortSignal {
    return this.exitedController.signal;
  }

  /**
   * Follows the log from the container's start (in the background: the health wait need not
   * wait for the stream); when the stream ends the container has stopped.
   */
  followLogs(): void {
    this.following = this.client
      .followLogs(
        this.id,
        (text) => {
          this.output.write(text);
          this.wakeup.trigger();
        },
        () => void this.noticeExit(),
      )
      .then(
        (unfollow) => {
          if (this.stopped) unfollow();
          return unfollow;
        },
        (error: Error) => {
          debugLog(`Could not follow the log of ${this.containerName}: ${error.message}`);
          return () => {};
        },
      );
  }

  logTail(lines = 50): string[] {
    return this.output.tail(lines);
  }

  /** The followed stream can lag behind a busy engine: ask for the last lines once more. */
  async finalLogTail(lines = 50): Promise<string[]> {
    try {
      const text = await this.client.logs(this.id, lines);
      const fetched = text.split(/\r?\n/).filter(Boolean);
      return fetched.length >= this.output.tail(lines).length ? fetched.slice(-lines) : this.logTail(lines);
    } catch {
      return this.logTail(lines);
    }
  }

  reset(): Promise<boolean> {
    return resetContainer(this.client, this.id, this.containerName);
  }

  stop(): Promise<StoppedService> {
    this.stopped ??= (async () => {
      (await this.following)?.();
      await this.client.stop(this.id, 5).catch(() => {});
      await this.client.remove(this.id);
      return { name: this.name, launcher: this.launcher };
    })();
    return this.stopped;
  }

  private async noticeExit(): Promise<void> {
    if (this.stopped) return;
    const info = await this.client.inspect(this.id).catch(() => undefined);
    if (info?.running) return;
    const reason = `container exited with code ${info?.exitCode ?? "unknown"}`;
    this.output.push(`[gantry] ${reason}`);
    this.exitedController.abort(new Error(reason));
  }
}
