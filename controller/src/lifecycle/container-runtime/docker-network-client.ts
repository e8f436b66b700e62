// NetworkClient on dockerode: the per-run network a service and its backing containers share.
import type Dockerode from "dockerode";
import { debugLog } from "../common/debug-log.js";
import type { NetworkClient } from "./types.js";

export class DockerNetworkClient implements NetworkClient {
  /** dockerode, loaded on first use (it is heavy; see runtime-client.ts). */
  constructor(private readonly docker: () => Promise<Dockerode>) {}

  async create(name: string, labels: Record<string, string>): Promise<string> {
    debugLog(`Creating network ${name}...`);
    const network = await (await this.docker()).createNetwork({
      Name: name,
      Driver: "bridge",
      Labels: labels,
    });
    debugLog(`Created network ${name} (${network.id.slice(0, 12)})`);
    return network.id;
  }

  async remove(id: string): Promise<void> {
    debugLog(`Removing network ${id.slice(0, 12)}...`);
    try {
      await (await this.docker()).getNetwork(id).remove();
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    }
    debugLog(`Removed network ${id.slice(0, 12)}`);
  }

  async list(labels: string[]): Promise<{ id: string; name: string; labels: Record<string, string> }[]> {
    debugLog(`Fetching networks with labels ${labels.join(", ")}...`);
    const found = await (await this.docker()).listNetworks({ filters: { label: labels } });
    debugLog(`Fetched ${found.length} networks`);
    return found.map((n) => ({ id: n.Id, name: n.Name, labels: n.Labels ?? {} }));
  }
}
