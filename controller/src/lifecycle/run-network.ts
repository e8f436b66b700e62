// The Docker network a containerised service shares with its backing containers, so it reaches
// them by name (redis:6379) rather than through published ports.

import { runLabels } from "./common/labels.js";
import type { Owner } from "./common/owner.js";
import type { RuntimeClient } from "./container-runtime/runtime-client.js";
import { containerName } from "./launchers/docker-launcher.js";
import type { Resource } from "./resource.js";

export async function runNetwork(
  runtime: RuntimeClient,
  run: { runId: string; configHash: string; owner: Owner; keep: boolean; service: string },
  track: (resource: Resource) => void,
): Promise<string> {
  const name = containerName(run.runId, run.service);
  const id = await runtime.network.create(
    name,
    runLabels(run.runId, run.configHash, run.owner, run.keep, run.service, "network"),
  );
  track({
    description: `network ${name}`,
    stopCommand: `docker network rm ${name}`,
    layer: 2,
    stop: () => runtime.network.remove(id),
  });
  return name;
}
