// services.<name>.auth (SPEC §3b). `type: login`: the request that logs in once per run, where the
// token is in its answer, and how it is sent with every request of the service's modules.
// `type: bearer | api_key`: a static credential, read and checked exactly as api_gateway.auth.

import { HEADER_NAME, readBlock, readStringMap } from "../collections.js";
import type { Path, ResolveContext } from "../context.js";
import { describe, isAbsent, type Raw, readEnum, readString, urlPath } from "../fields.js";
import { isPlainMap, Substituted } from "../substitute.js";
import type { LoginAuthConfig, ServiceAuthConfig } from "../types.js";
import { CREDENTIAL_KEYS, readCredentials, requireCredentials } from "./auth-credentials.js";

const TYPES = ["login", "bearer", "api_key"] as const;
const LOGIN_KEYS = ["type", "method", "path", "body", "token_path", "header", "scheme", "refresh_on"];
/** The keys each static type takes: those of api_gateway.auth that it uses. */
const STATIC_KEYS = { bearer: ["type", "bearer_token"], api_key: ["type", ...CREDENTIAL_KEYS.slice(1)] };
const METHODS = ["POST", "PUT", "GET"] as const;
const TOKEN_PATH = /^[^.\s]+(?:\.[^.\s]+)*$/;

export function readServiceAuth(ctx: ResolveContext, raw: Raw, path: Path): ServiceAuthConfig | undefined {
  if (isAbsent(raw.auth) || raw.auth === null) return undefined;
  const at = [...path, "auth"];
  if (!isPlainMap(raw.auth)) {
    ctx.error(at, `must be a map (type: login | bearer | api_key, ...), got ${describe(raw.auth)}`);
    return undefined;
  }
  const block = readBlock(ctx, raw, "auth", path, "a map");
  if (isAbsent(block.type)) {
    ctx.checkKeys(block, at, LOGIN_KEYS);
    ctx.error([...at, "type"], "required option is missing (type: login, bearer or api_key)", "parent");
    return undefined;
  }
  const type = readEnum(ctx, block, "type", at, TYPES, "login");
  if (type === "login") return readLogin(ctx, block, at);
  ctx.checkKeys(block, at, STATIC_KEYS[type]);
  const credentials = readCredentials(ctx, block, at);
  requireCredentials(ctx, block, at, type, credentials);
  return { type, ...credentials };
}

function readLogin(ctx: ResolveContext, block: Raw, at: Path): LoginAuthConfig {
  ctx.checkKeys(block, at, LOGIN_KEYS);
  if (isAbsent(block.path))
    ctx.error([...at, "path"], "required option is missing (the login path, e.g. /api/auth/login)", "parent");
  return {
    type: "login",
    method: readEnum(ctx, block, "method", at, METHODS, "POST"),
    path: readString(ctx, block, "path", at, "/", { check: urlPath }),
    body: readStringMap(ctx, block, "body", at),
    token_path: readString(ctx, block, "token_path", at, "token", {
      check: (s) =>
        TOKEN_PATH.test(s)
          ? undefined
          : "must be a dotted path into the login answer, e.g. token or data.access_token",
    }),
    header: readString(ctx, block, "header", at, "Authorization", {
      check: (s) => (HEADER_NAME.pattern.test(s) ? undefined : HEADER_NAME.expect),
    }),
    scheme: readString(ctx, block, "scheme", at, "Bearer"),
    refresh_on: readStatusList(ctx, block, at),
  };
}

function readStatusList(ctx: ResolveContext, block: Raw, at: Path): number[] {
  const value = block.refresh_on;
  if (isAbsent(value)) return [401];
  const items = Array.isArray(value) ? value : [value];
  const out: number[] = [];
  for (const item of items) {
    const n = item instanceof Substituted ? Number(item.text.trim()) : item;
    if (typeof n === "number" && Number.isInteger(n) && n >= 400 && n <= 599) out.push(n);
    else
      ctx.error(
        [...at, "refresh_on"],
        `must be a list of HTTP statuses from 400 to 599, got ${describe(item)}`,
      );
  }
  return out;
}
