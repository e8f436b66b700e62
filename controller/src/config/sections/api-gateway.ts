// The `api_gateway` section. URL, and the credential of the chosen auth type, are only required
// when the gateway is enabled, so a disabled gateway may keep unset ${VAR}s.

import { readBlock } from "../collections.js";
import type { ResolveContext } from "../context.js";
import { defaultApiGateway } from "../defaults.js";
import { httpUrl, isAbsent, type Raw, readBool, readEnum, readString } from "../fields.js";
import type { ApiGatewayConfig, GatewayAuthType } from "../types.js";
import { CREDENTIAL_KEYS, readCredentials, requireCredentials, requireOption } from "./auth-credentials.js";

const GATEWAY_AUTH_TYPES: readonly GatewayAuthType[] = ["none", "bearer", "api_key"];

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
    requireOption(ctx, raw, "url", ["api_gateway", "url"], "api_gateway.enabled is true");
  const prefix = readString(ctx, raw, "prefix", path, d.prefix, {
    check: (s) =>
      s === "" || (s.startsWith("/") && !s.endsWith("/"))
        ? undefined
        : 'must be empty or a path like "/api" (leading /, no trailing /)',
  });
  const authPath = [...path, "auth"];
  const auth = readBlock(ctx, raw, "auth", path, "a map of options");
  ctx.checkKeys(auth, authPath, ["type", ...CREDENTIAL_KEYS]);
  const type = readEnum(ctx, auth, "type", authPath, GATEWAY_AUTH_TYPES, d.auth.type);
  const credentials = readCredentials(ctx, auth, authPath);
  if (enabled) requireCredentials(ctx, auth, authPath, type, credentials);
  return { enabled, url, prefix, auth: { type, ...credentials } };
}
