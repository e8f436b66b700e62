// Anything a run started and must remove again: a service, a backing container, a network.

export interface Resource {
  /** For messages: "auth (process, pid 123)", "container gantry-ab12-auth". */
  readonly description: string;
  /** Shell command that removes it by hand (printed with --keep). */
  readonly stopCommand: string;
  /** Stop order: services (0) before their backing containers (1) before networks (2). */
  readonly layer: 0 | 1 | 2;
  /** Process group leader, for a synchronous kill at exit. */
  readonly pid?: number;
  /** Container name, for a synchronous `docker rm -f` at exit. */
  readonly container?: string;
  stop(): Promise<unknown>;
}
