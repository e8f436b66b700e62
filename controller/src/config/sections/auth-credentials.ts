// The static credentials of an auth block (`bearer_token`, `api_key_header`, `api_key_value`), read
// the same way for `api_gateway.auth` and `services.<name>.auth` (type bearer | api_key).

import { HEADER_NAME } from "../collections.js";
import type { Path, ResolveContext } from "../context.js";
import { type Raw, readNullableString } from "../fields.js";
import { Unset } from "../substitute.js";
import type { GatewayAuthConfig, GatewayAuthType } from "../types.js";

export const CREDENTIAL_KEYS = ["bearer_token", "api_key_header", "api_key_value"] as const;

export type AuthCredentials = Omit<GatewayAuthConfig, "type">;

export function readCredentials(ctx: ResolveContext, auth: Raw, authPath: Path): AuthCredentials {
  return {
    bearer_token: readNullableString(ctx, auth, "bearer_token", authPath),
    api_key_header: readNullableString(ctx, auth, "api_key_header", authPath, {
      check: (s) => (HEADER_NAME.pattern.test(s) ? undefined : HEADER_NAME.expect),
    }),
    api_key_value: readNullableString(ctx, auth, "api_key_value", authPath),
  };
}

/** Reports each credential the type needs but that is missing, null or an unset ${VAR}. */
export function requireCredentials(
  ctx: ResolveContext,
  auth: Raw,
  authPath: Path,
  type: GatewayAuthType,
  credentials: AuthCredentials,
): void {
  const needed =
    type === "bearer" ? (["bearer_token"] as const) : type === "api_key" ? CREDENTIAL_KEYS.slice(1) : [];
  for (const key of needed) {
    if (credentials[key] === null) requireOption(ctx, auth, key, [...authPath, key], `auth.type is ${type}`);
  }
}

/** Reports `raw[key]` (at `path`) as required under `condition`, naming an unset ${VAR}. */
export function requireOption(
  ctx: ResolveContext,
  raw: Raw,
  key: string,
  path: Path,
  condition: string,
): void {
  const value = raw[key];
  if (value instanceof Unset) {
    ctx.error(path, `is required when ${condition}, but \${${value.variable}} is not set and has no default`);
  } else if (value === undefined) {
    ctx.error(path, `is required when ${condition}`, "parent");
  } else if (value === null) {
    ctx.error(path, `is required when ${condition}, got null`);
  }
}
