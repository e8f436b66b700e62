// Ready when a command run inside the container exits 0 (e.g. `redis-cli ping`).
import type { ContainerClient } from "../container-runtime/types.js";
import { describeError } from "./describe-error.js";
import { AbstractWaitStrategy, type ProbeResult } from "./wait-strategy.js";

export class CommandWaitStrategy extends AbstractWaitStrategy {
  protected readonly expectation: string;
  readonly target: string;

  constructor(
    private readonly client: ContainerClient,
    private readonly containerId: string,
    private readonly command: string[],
  ) {
    super();
    this.target = `container ${containerId.slice(0, 12)}`;
    this.expectation = `Exit code 0 of \`${command.join(" ")}\``;
  }

  async probe(): Promise<ProbeResult> {
    try {
      const { exitCode, output } = await this.client.exec(this.containerId, this.command);
      return {
        ok: exitCode === 0,
        seen: `exit ${exitCode}${output.trim() ? `: ${output.trim().slice(0, 200)}` : ""}`,
      };
    } catch (error) {
      return { ok: false, seen: describeError(error) };
    }
  }
}
