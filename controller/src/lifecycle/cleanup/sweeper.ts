// Removes what an earlier run left behind when its CLI died without cleaning up (kill -9):
// containers and networks by label, processes by pidfile, whenever the owner is gone.
import { hostname } from "node:os";
import { isOrphan, LABEL } from "../common/labels.js";
import { isAlive } from "../common/owner.js";
import type { RuntimeClient } from "../container-runtime/runtime-client.js";
import { PidfileStore } from "./pidfile-store.js";
import { stopGroup } from "./process-group.js";

export interface SweepReport {
  containers: string[];
  networks: string[];
  processes: string[];
}

export async function sweepLeftovers(
  rootDir: string,
  runtime: RuntimeClient | undefined,
  log: (line: string) => void,
  /** projectId of the config: only containers and networks labelled with it are considered. */
  project: string,
): Promise<SweepReport> {
  const report: SweepReport = { containers: [], networks: [], processes: [] };
  await sweepProcesses(new PidfileStore(rootDir), report, log);
  // Asked over plain HTTP first, so a run with nothing to sweep need not load dockerode for it.
  // Only this project's: another project's leftovers on a shared engine are its own to sweep.
  const mine = `${LABEL.project}=${project}`;
  if (runtime && (await runtime.anyLabelled(mine))) await sweepContainers(runtime, mine, report, log);
  return report;
}

async function sweepProcesses(store: PidfileStore, report: SweepReport, log: (line: string) => void) {
  const host = hostname();
  for (const record of store.list()) {
    const running = isAlive(record.pid, record.startTime);
    if (record.keep && running) continue;
    if (record.owner.host !== host || (running && isAlive(record.owner.pid, record.owner.startTime)))
      continue;
    if (running) {
      await stopGroup(record.pid, 3000);
      report.processes.push(`${record.service} (pid ${record.pid})`);
      log(`cleanup: stopped leftover process ${record.service} (pid ${record.pid}) of run ${record.runId}`);
    }
    store.remove(record);
  }
}

async function sweepContainers(
  runtime: RuntimeClient,
  mine: string,
  report: SweepReport,
  log: (line: string) => void,
) {
  const host = hostname();
  const containers = await runtime.container.list([mine]);
  const orphans = containers.filter((c) => isOrphan(c.labels, host, isAlive));
  await Promise.all(
    orphans.map(async (c) => {
      await runtime.container.remove(c.id);
      report.containers.push(c.name);
      log(`cleanup: removed leftover container ${c.name} of run ${c.labels[LABEL.runId]}`);
    }),
  );
  for (const network of await runtime.network.list([mine])) {
    if (!isOrphan(network.labels, host, isAlive)) continue;
    await runtime.network.remove(network.id);
    report.networks.push(network.name);
  }
}
