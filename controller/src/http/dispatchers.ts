// One keep-alive undici Pool per origin, shared by every page of a run. TLS settings come from
// the config's security section and apply to https origins only.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Pool } from "undici";
import type { SecurityConfig } from "../config/index.js";

export interface TlsOptions {
  rejectUnauthorized: boolean;
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
}

function readPemFile(field: string, path: string, rootDir: string): Buffer {
  const full = resolve(rootDir, path);
  try {
    return readFileSync(full);
  } catch (err) {
    throw new Error(
      `security.${field}: cannot read "${full}" (${(err as NodeJS.ErrnoException).code ?? err})`,
    );
  }
}

/** Reads the security section's certificate files once; relative paths are against rootDir. */
export function tlsOptionsFrom(security: SecurityConfig, rootDir: string): TlsOptions {
  const tls: TlsOptions = { rejectUnauthorized: security.verify_ssl };
  if (security.ssl_ca) tls.ca = readPemFile("ssl_ca", security.ssl_ca, rootDir);
  if (security.ssl_cert) tls.cert = readPemFile("ssl_cert", security.ssl_cert, rootDir);
  if (security.ssl_key) tls.key = readPemFile("ssl_key", security.ssl_key, rootDir);
  return tls;
}

export class DispatcherRegistry {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly tls: TlsOptions = { rejectUnauthorized: true }) {}

  forOrigin(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connect: { ...this.tls } });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** Drops every connection at once, in-flight requests too (an interrupted run does not wait). */
  async destroy(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy()));
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.close()));
  }
}
