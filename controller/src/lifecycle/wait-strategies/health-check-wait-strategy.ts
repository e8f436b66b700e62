// Ready when the container's own Docker HEALTHCHECK reports "healthy".
import type { ContainerClient } from "../container-runtime/types.js";
import { describeError } from "./describe-error.js";
import { AbstractWaitStrategy, type ProbeResult } from "./wait-strategy.js";

export class HealthCheckWaitStrategy extends AbstractWaitStrategy {
  protected readonly expectation = 'Health status "healthy"';
  readonly target: string;

  constructor(
    private readonly client: ContainerClient,
    private readonly containerId: string,
  ) {
    super();
    this.target = `container ${containerId.slice(0, 12)}`;
  }

  async probe(): Promise<ProbeResult> {
    try {
      const info = await this.client.inspect(this.containerId);
      if (!info.running) return { ok: false, seen: `container not running (exit ${info.exitCode})` };
      if (!info.health) return { ok: false, seen: "image has no HEALTHCHECK" };
      return { ok: info.health === "healthy", seen: `health: ${info.health}` };
    } catch (error) {
      return { ok: false, seen: describeError(error) };
    }
  }
}
