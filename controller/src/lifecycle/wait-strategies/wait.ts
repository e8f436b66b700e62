// Entry point for health probes: Wait.forHttp(url), Wait.forTcp(host, port), ...
import type { ContainerClient } from "../container-runtime/types.js";
import { CommandWaitStrategy } from "./command-wait-strategy.js";
import { HealthCheckWaitStrategy } from "./health-check-wait-strategy.js";
import { HttpWaitStrategy } from "./http-wait-strategy.js";
import { TcpWaitStrategy } from "./tcp-wait-strategy.js";
import type { WaitStrategy } from "./wait-strategy.js";

export const Wait = {
  /** GET url answers 2xx (or the given status). */
  forHttp(url: string, status?: number): HttpWaitStrategy {
    return status === undefined
      ? new HttpWaitStrategy(url)
      : new HttpWaitStrategy(url, (s) => s === status, `HTTP ${status}`);
  },

  forTcp(host: string, port: number): WaitStrategy {
    return new TcpWaitStrategy(host, port);
  },

  forHealthCheck(client: ContainerClient, containerId: string): WaitStrategy {
    return new HealthCheckWaitStrategy(client, containerId);
  },

  forCommand(client: ContainerClient, containerId: string, command: string[]): WaitStrategy {
    return new CommandWaitStrategy(client, containerId, command);
  },
};
