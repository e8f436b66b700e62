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

export type PingAnswer = "ok" | "no-engine" | "timeout";

/** "no-engine": nothing listens (or it is not an engine); "timeout": something listens but was slow. */
export function pingEngine(address: EngineAddress, timeoutMs: number): Promise<PingAnswer> {
  return new Promise((resolve) => {
    const { label: _label, ...target } = address;
    let timedOut = false;
    const req = request(
      { ...target, path: "/_ping", method: "GET", timeout: timeoutMs, agent: false },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200 ? "ok" : "no-engine");
      },
    );
    req.once("timeout", () => {
      timedOut = true;
      req.destroy();
    });
    req.once("error", () => resolve(timedOut ? "timeout" : "no-engine"));
    req.end();
  });
}

/** Containers plus networks carrying `label`, asked over plain HTTP; undefined when the engine does not say. */
export async function countLabelled(address: EngineAddress, label: string): Promise<number | undefined> {
  const filters = encodeURIComponent(JSON.stringify({ label: [label] }));
  const lists = await Promise.all([
    getJson(address, `/containers/json?all=1&filters=${filters}`),
    getJson(address, `/networks?filters=${filters}`),
  ]);
  if (!lists.every(Array.isArray)) return undefined;
  return (lists as unknown[][]).reduce((n, list) => n + list.length, 0);
}

function getJson(address: EngineAddress, path: string): Promise<unknown> {
  return new Promise((resolve) => {
    const { label: _label, ...target } = address;
    const req = request({ ...target, path, method: "GET", timeout: 5000, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => {
        try {
          resolve(res.statusCode === 200 ? JSON.parse(body) : undefined);
        } catch {
          resolve(undefined);
        }
      });
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve(undefined));
    req.end();
  });
}
