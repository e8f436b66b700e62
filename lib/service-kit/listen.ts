/**
 * Starts listening on PORT/HOST (or explicit values) and returns the base URL.
 * Port 0 picks an ephemeral port; the URL carries the port actually bound.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

export interface ListenOptions {
  port?: number;
  host?: string;
  env?: NodeJS.ProcessEnv;
  defaultPort: number;
  /** @default "127.0.0.1" — containers set HOST=0.0.0.0 */
  defaultHost?: string;
}

export function resolvePort(raw: string | number | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const text = String(raw).trim();
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(
      `PORT "${String(raw)}" is not a port number; use an integer from 0 to 65535 (0 = ephemeral).`,
    );
  }
  return port;
}

export async function listen(app: FastifyInstance, opts: ListenOptions): Promise<string> {
  const env = opts.env ?? process.env;
  const port = opts.port ?? resolvePort(env.PORT, opts.defaultPort);
  const host = opts.host ?? (env.HOST?.trim() || opts.defaultHost || "127.0.0.1");
  await app.listen({ port, host });
  const address = app.server.address() as AddressInfo;
  // A wildcard bind is reachable locally through loopback; report that, not 0.0.0.0.
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${urlHost}:${address.port}`;
}
