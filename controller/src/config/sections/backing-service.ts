// One entry of a service's `depends_on`: a backing container (e.g. Redis) started first.

import { ENV_NAME, readStringList, readStringMap } from "../collections.js";
import type { Path, ResolveContext } from "../context.js";
import { defaultBackingService } from "../defaults.js";
import { describe, isAbsent, nonEmpty, PORT, type Raw, readInt, readString } from "../fields.js";
import { isPlainMap } from "../substitute.js";
import type { BackingServiceConfig } from "../types.js";

const KEYS = ["image", "port", "env", "command", "health", "url_env", "url_template"];

export function resolveBackingService(ctx: ResolveContext, raw: Raw, path: Path): BackingServiceConfig {
  const d = defaultBackingService();
  ctx.checkKeys(raw, path, KEYS);
  if (isAbsent(raw.image))
    ctx.error([...path, "image"], "required option is missing (a local image tag)", "parent");
  const out: BackingServiceConfig = {
    image: readString(ctx, raw, "image", path, "", { check: nonEmpty }),
    env: readStringMap(ctx, raw, "env", path, { key: ENV_NAME }),
    health: readHealth(ctx, raw, path),
    url_template: readString(ctx, raw, "url_template", path, d.url_template!, { check: nonEmpty }),
  };
  if (!isAbsent(raw.port)) out.port = readInt(ctx, raw, "port", path, 0, PORT);
  const command = readStringList(ctx, raw, "command", path, undefined);
  if (command) out.command = command;
  if (!isAbsent(raw.url_env)) {
    out.url_env = readString(ctx, raw, "url_env", path, "", {
      check: (s) => (ENV_NAME.pattern.test(s) ? undefined : ENV_NAME.expect),
    });
  }
  const needsPort = out.health === "tcp" ? "health is tcp" : out.url_env ? "url_env is set" : undefined;
  if (needsPort && isAbsent(raw.port)) {
    ctx.error([...path, "port"], `is required when ${needsPort} (the container port to publish)`, "parent");
  }
  return out;
}

function readHealth(ctx: ResolveContext, raw: Raw, path: Path): BackingServiceConfig["health"] {
  const value = raw.health;
  const at = [...path, "health"];
  if (isAbsent(value) || value === "tcp") return "tcp";
  if (isPlainMap(value)) {
    ctx.checkKeys(value, at, ["command"]);
    const command = readStringList(ctx, value, "command", at, undefined);
    if (command) return { command };
    if (isAbsent(value.command))
      ctx.error([...at, "command"], "required option is missing (e.g. [redis-cli, ping])", "parent");
    return "tcp";
  }
  ctx.error(at, `must be "tcp" or a map with command: [...], got ${describe(value)}`);
  return "tcp";
}
