// A fast "does an engine answer?" over plain node:http (GET /_ping on the socket or TCP
// address), so a machine without Docker never pays for loading dockerode.
import { request } from "node:http";

export interface EngineAddress {
  socketPath?: string;
  host?: string;
  port?: number;
  /** Shown in messages: the DOCKER_HOST value or the default socket. */
  label: string;
}

/** Undefined for schemes only dockerode can speak (ssh://, npipe://). */
export function engineAddress(dockerHost = process.env.DOCKER_HOST): EngineAddress | undefined {
  if (!dockerHost) return { socketPath: "/var/run/docker.sock", label: "unix:///var/run/docker.sock" };
  if (dockerHost.startsWith("unix://")) return { socketPath: dockerHost.slice(7), label: dockerHost };
  const tcp = /^tcp:\/\/([^:/]+):(\d+)/.exec(dockerHost);
  return tcp ? { host: tcp[1], port: Number(tcp[2]), label: dockerHost } : undefined;
}

export function pingEngine(address: EngineAddress, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const { label: _label, ...target } = address;
    const req = request(
      { ...target, path: "/_ping", method: "GET", timeout: timeoutMs, agent: false },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve(false));
    req.end();
  });
}
