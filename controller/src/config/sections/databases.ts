// The `databases` section: name → connection settings (used by scenarios, never by the runner).

import { define, readBlock } from "../collections.js";
import type { ResolveContext } from "../context.js";
import { defaultDatabase } from "../defaults.js";
import { describe, nonEmpty, PORT, type Raw, readBool, readInt, readString } from "../fields.js";
import { isPlainMap, Unset } from "../substitute.js";
import type { DatabaseConfig } from "../types.js";

const KEYS = ["host", "port", "database", "username", "password", "enabled"];

export function resolveDatabases(ctx: ResolveContext, root: Raw): Record<string, DatabaseConfig> {
  const section = readBlock(ctx, root, "databases", [], "a map of database name to its options");
  const out: Record<string, DatabaseConfig> = {};
  for (const [name, value] of Object.entries(section)) {
    const path = ["databases", name];
    const raw = value === null || value instanceof Unset ? {} : value;
    if (!isPlainMap(raw)) {
      ctx.error(path, `must be a map of options (host, port, ...), got ${describe(value)}`);
      continue;
    }
    const d = defaultDatabase();
    ctx.checkKeys(raw, path, KEYS);
    define(out, name, {
      host: readString(ctx, raw, "host", path, d.host, { check: nonEmpty }),
      port: readInt(ctx, raw, "port", path, d.port, PORT),
      database: readString(ctx, raw, "database", path, d.database),
      username: readString(ctx, raw, "username", path, d.username),
      password: readString(ctx, raw, "password", path, d.password),
      enabled: readBool(ctx, raw, "enabled", path, d.enabled),
    });
  }
  return out;
}
