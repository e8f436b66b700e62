// The `api_gateway` section. URL, and the credential of the chosen auth type, are only required
// when the gateway is enabled, so a disabled gateway may keep unset ${VAR}s.

import { HEADER_NAME, readBlock } from "../collections.js";
import type { ResolveContext } from "../context.js";
import { defaultApiGateway } from "../defaults.js";
import {
  httpUrl,
  isAbsent,
  type Raw,
  readBool,
  readEnum,
  readNullableString,
  readString,
} from "../fields.js";
import { Unset } from "../substitute.js";
import type { ApiGatewayConfig, GatewayAuthType } from "../types.js";

export const GATEWAY_AUTH_TYPES: readonly GatewayAuthType[] = ["none", "bearer", "api_key"];

export function resolveApiGateway(ctx: ResolveContext, root: Raw): ApiGatewayConfig {
  const d = defaultApiGateway();
  const path = ["api_gateway"];
  const raw = readBlock(ctx, root, "api_gateway", [], "a map of options");
  ctx.checkKeys(raw, path, ["enabled", "url", "prefix", "auth"]);
  const enabled = readBool(ctx, raw, "enabled", path, d.enabled);
  const url = readString(ctx, raw, "url", path, d.url, {
    check: (s) => (s === "" && !enabled ? undefined : httpUrl(s)),
  });
  if (enabled && isAbsent(raw.url))
    requireWhenEnabled(ctx, raw, ["api_gateway", "url"], "api_gateway.enabled is true");
  const prefix = readString(ctx, raw, "prefix", path, d.prefix, {
    check: (s) =>
      s === "" || (s.startsWith("/") && !s.endsWith("/"))
        ? undefined
        : 'must be empty or a path like "/api" (leading /, no trailing /)',
  });
  const authPath = [...path, "auth"];
  const auth = readBlock(ctx, raw, "auth", path, "a map of options");
  ctx.checkKeys(auth, authPath, ["type", "bearer_token", "api_key_header", "api_key_value"]);
  const type = readEnum(ctx, auth, "type", authPath, GATEWAY_AUTH_TYPES, d.auth.type);
  const resolved: ApiGatewayConfig = {
    enabled,
    url,
    prefix,
    auth: {
      type,
      bearer_token: readNullableString(ctx, auth, "bearer_token", authPath),
      api_key_header: readNullableString(ctx, auth, "api_key_header", authPath, {
        check: (s) => (HEADER_NAME.pattern.test(s) ? undefined : HEADER_NAME.expect),
      }),
      api_key_value: readNullableString(ctx, auth, "api_key_value", authPath),
    },
  };
  if (enabled && type === "bearer" && resolved.auth.bearer_token === null) {
    requireWhenEnabled(ctx, auth, [...authPath, "bearer_token"], "auth.type is bearer");
  }
  if (enabled && type === "api_key") {
    for (const key of ["api_key_header", "api_key_value"] as const) {
      if (resolved.auth[key] === null)
        requireWhenEnabled(ctx, auth, [...authPath, key], "auth.type is api_key");
    }
  }
  return resolved;
}

function requireWhenEnabled(ctx: ResolveContext, raw: Raw, path: string[], condition: string): void {
  const value = raw[path[path.length - 1]!];
  if (value instanceof Unset) {
    ctx.error(path, `is required when ${condition}, but \${${value.variable}} is not set and has no default`);
  } else if (value === undefined) {
    ctx.error(path, `is required when ${condition}`, "parent");
  } else if (value === null) {
    ctx.error(path, `is required when ${condition}, got null`);
  }
}
