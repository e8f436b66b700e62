// Labels on every container and network a run starts: who started it, for which config, and
// whether it may be swept once its owner is gone.
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import type { Owner } from "./owner.js";

export const LABEL = {
  runId: "gantry.run-id",
  configHash: "gantry.config-hash",
  service: "gantry.service",
  role: "gantry.role",
  ownerPid: "gantry.owner-pid",
  ownerStart: "gantry.owner-start",
  ownerHost: "gantry.owner-host",
  keep: "gantry.keep",
  project: "gantry.project",
} as const;

/** A project is its config file: two checkouts (or suites) on one engine never share an id. */
export function projectId(configPath: string): string {
  return createHash("sha256").update(resolve(configPath)).digest("hex").slice(0, 12);
}

export function runLabels(
  runId: string,
  configHash: string,
  owner: Owner,
  keep: boolean,
  service: string,
  role: "service" | "backing" | "network",
): Record<string, string> {
  return {
    [LABEL.runId]: runId,
    [LABEL.configHash]: configHash,
    [LABEL.service]: service,
    [LABEL.role]: role,
    [LABEL.ownerPid]: String(owner.pid),
    [LABEL.ownerStart]: owner.startTime,
    [LABEL.ownerHost]: owner.host,
    [LABEL.keep]: String(keep),
    ...(owner.project ? { [LABEL.project]: owner.project } : {}),
  };
}

/** True when labels name an owner on this host that is no longer running, and --keep was not asked. */
export function isOrphan(
  labels: Record<string, string>,
  host: string,
  alive: (pid: number, start: string) => boolean,
) {
  if (labels[LABEL.keep] === "true" || labels[LABEL.ownerHost] !== host) return false;
  const pid = Number(labels[LABEL.ownerPid]);
  return Number.isInteger(pid) && pid > 0 && !alive(pid, labels[LABEL.ownerStart] ?? "");
}
