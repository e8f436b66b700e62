// Anything a run started and must remove again (a service, a backing container, a network),
// and how a set of them is stopped: services, then backing containers, then networks.
import type { StartedService } from "./launchers/launcher.js";
import type { StartedContainer } from "./launchers/started-container.js";
import { StartedProcess } from "./launchers/started-process.js";

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

export function asResource(started: StartedService): Resource {
  const common = { stopCommand: started.stopCommand, layer: 0 as const, stop: () => started.stop() };
  if (started instanceof StartedProcess) {
    return { ...common, description: `${started.name} (process, pid ${started.pid})`, pid: started.pid };
  }
  const container = (started as StartedContainer).containerName;
  return { ...common, description: `${started.name} (container ${container})`, container };
}

export async function stopInLayers(resources: Resource[], log: (line: string) => void): Promise<void> {
  for (const layer of [0, 1, 2] as const) {
    await Promise.all(
      resources
        .filter((r) => r.layer === layer)
        .map((r) =>
          r.stop().catch((e: Error) => log(`cleanup: could not stop ${r.description}: ${e.message}`)),
        ),
    );
  }
}
