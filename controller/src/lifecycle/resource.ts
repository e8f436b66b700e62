// Anything a run started and must remove again: a service, a backing container, a network.

export interface Resource {
  /** For messages: "auth (process, pid 123)", "container gantry-ab12-auth". */
  readonly description: string;
  /** Shell command that removes it by hand (printed with --keep). */
  readonly stopCommand: string;
  /** Stop order: services (0) before their backing containers (1) before networks (2). */
  readonly layer: 0 | 1 | 2;
  stop(): Promise<unknown>;
}
