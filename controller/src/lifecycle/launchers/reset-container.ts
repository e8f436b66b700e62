// reset() of a container: SIGUSR2 through the Docker API, but only when something in it handles
// SIGUSR2 (seen through the host's /proc when the engine is local): for a service without a
// reset, the signal's default action would kill it.
import { treeMembersCatching } from "../cleanup/signal-catchers.js";
import { debugLog } from "../common/debug-log.js";
import type { ContainerClient } from "../container-runtime/types.js";

/** True when the signal was sent. */
export async function resetContainer(client: ContainerClient, id: string, name: string): Promise<boolean> {
  const pid = (await client.inspect(id)).pid;
  const catchers = pid ? treeMembersCatching(pid, "SIGUSR2") : undefined;
  if (catchers?.length === 0) {
    debugLog(`Not sending SIGUSR2 to ${name}: no process in it handles SIGUSR2`);
    return false;
  }
  await client.kill(id, "SIGUSR2");
  return true;
}
