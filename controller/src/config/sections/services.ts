// The `services` section: one block per service under test, kept in file order (the run order).

import { define, ENV_NAME, HEADER_NAME, readBlock, readStringList, readStringMap } from "../collections.js";
import type { Path, ResolveContext } from "../context.js";
import { defaultService } from "../defaults.js";
import {
  describe,
  httpUrl,
  isAbsent,
  nonEmpty,
  PORT,
  POSITIVE_MS,
  type Raw,
  readBool,
  readEnum,
  readInt,
  readString,
  urlPath,
} from "../fields.js";
import { isPlainMap, Unset } from "../substitute.js";
import type { BackingServiceConfig, LauncherKind, ServiceConfig } from "../types.js";
import { resolveBackingService } from "./backing-service.js";
import { readServiceAuth } from "./service-auth.js";

const LAUNCHERS: readonly LauncherKind[] = ["auto", "docker", "process"];
/** Names become folder names and URL segments; a leading letter also keeps JS key order = file order. */
const SERVICE_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const CONTAINER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const KEYS = [
  "base_url",
  "health_endpoint",
  "port",
  "maven_module",
  "timeout",
  "startup_timeout",
  "headers",
  "auto_start",
  "required",
  "parallel",
  "endpoints",
  "launcher",
  "image",
  "build_context",
  "start_command",
  "env",
  "depends_on",
  "auth",
];

export function resolveServices(
  ctx: ResolveContext,
  root: Raw,
  generalTimeout: number,
): Record<string, ServiceConfig> {
  const section = readBlock(ctx, root, "services", [], "a map of service name to its options");
  const out: Record<string, ServiceConfig> = {};
  for (const [name, value] of Object.entries(section)) {
    const path = ["services", name];
    if (!SERVICE_NAME.test(name)) {
      ctx.error(
        path,
        `service names must start with a letter and hold only letters, digits, ".", "_" or "-", got ${JSON.stringify(name)}`,
        "key",
      );
      continue;
    }
    const raw = value === null || value instanceof Unset ? {} : value;
    if (!isPlainMap(raw)) {
      ctx.error(path, `must be a map of options (base_url, port, ...), got ${describe(value)}`);
      continue;
    }
    define(out, name, resolveService(ctx, name, raw, path, generalTimeout));
  }
  return out;
}

function resolveService(
  ctx: ResolveContext,
  name: string,
  raw: Raw,
  path: Path,
  generalTimeout: number,
): ServiceConfig {
  const d = defaultService(name, generalTimeout);
  ctx.checkKeys(raw, path, KEYS);
  const service: ServiceConfig = {
    name,
    base_url: readBaseUrl(ctx, raw, path),
    health_endpoint: readString(ctx, raw, "health_endpoint", path, d.health_endpoint, { check: urlPath }),
    port: readInt(ctx, raw, "port", path, d.port, PORT),
    maven_module: readString(ctx, raw, "maven_module", path, d.maven_module, { check: nonEmpty }),
    timeout: readInt(ctx, raw, "timeout", path, d.timeout, POSITIVE_MS),
    startup_timeout: readInt(ctx, raw, "startup_timeout", path, d.startup_timeout, POSITIVE_MS),
    headers: readStringMap(ctx, raw, "headers", path, { key: HEADER_NAME }),
    auto_start: readBool(ctx, raw, "auto_start", path, d.auto_start),
    required: readBool(ctx, raw, "required", path, d.required),
    parallel: readBool(ctx, raw, "parallel", path, d.parallel),
    endpoints: readStringMap(ctx, raw, "endpoints", path, { check: urlPath }),
    launcher: readEnum(ctx, raw, "launcher", path, LAUNCHERS, d.launcher),
    start_command: readStringList(ctx, raw, "start_command", path, d.start_command),
    env: readStringMap(ctx, raw, "env", path, { key: ENV_NAME }),
    depends_on: readDependsOn(ctx, raw, path),
  };
  const auth = readServiceAuth(ctx, raw, path);
  if (auth) service.auth = auth;
  if (!isAbsent(raw.image)) service.image = readString(ctx, raw, "image", path, "", { check: nonEmpty });
  if (!isAbsent(raw.build_context))
    service.build_context = readString(ctx, raw, "build_context", path, "", { check: nonEmpty });
  return service;
}

function readBaseUrl(ctx: ResolveContext, raw: Raw, path: Path): string {
  const value = raw.base_url;
  const at = [...path, "base_url"];
  if (value instanceof Unset) {
    ctx.error(
      at,
      `is required, but \${${value.variable}} is not set and has no default (written: ${value.source})`,
    );
    return "";
  }
  if (value === undefined) {
    ctx.error(
      at,
      "required option is missing (the service's base address, e.g. base_url: http://127.0.0.1:8080)",
      "parent",
    );
    return "";
  }
  return readString(ctx, raw, "base_url", path, "", { check: httpUrl });
}

function readDependsOn(ctx: ResolveContext, raw: Raw, path: Path): Record<string, BackingServiceConfig> {
  const block = readBlock(ctx, raw, "depends_on", path, "a map of backing container name to its options");
  const out: Record<string, BackingServiceConfig> = {};
  for (const [name, value] of Object.entries(block)) {
    const at = [...path, "depends_on", name];
    if (!CONTAINER_NAME.test(name)) {
      ctx.error(
        at,
        `names must hold only letters, digits, ".", "_" or "-", got ${JSON.stringify(name)}`,
        "key",
      );
      continue;
    }
    if (!isPlainMap(value)) {
      ctx.error(at, `must be a map with image, port, ... got ${describe(value)}`);
      continue;
    }
    define(out, name, resolveBackingService(ctx, value, at));
  }
  return out;
}
