// The `security` section: TLS settings and named test tokens (redacted in every report).

import { readBlock, readStringMap } from "../collections.js";
import type { ResolveContext } from "../context.js";
import { defaultSecurity } from "../defaults.js";
import { nonEmpty, type Raw, readBool, readNullableString } from "../fields.js";
import type { SecurityConfig } from "../types.js";

export function resolveSecurity(ctx: ResolveContext, root: Raw): SecurityConfig {
  const d = defaultSecurity();
  const path = ["security"];
  const raw = readBlock(ctx, root, "security", [], "a map of options");
  ctx.checkKeys(raw, path, ["verify_ssl", "ssl_cert", "ssl_key", "ssl_ca", "test_tokens"]);
  return {
    verify_ssl: readBool(ctx, raw, "verify_ssl", path, d.verify_ssl),
    ssl_cert: readNullableString(ctx, raw, "ssl_cert", path, { check: nonEmpty }),
    ssl_key: readNullableString(ctx, raw, "ssl_key", path, { check: nonEmpty }),
    ssl_ca: readNullableString(ctx, raw, "ssl_ca", path, { check: nonEmpty }),
    test_tokens: readStringMap(ctx, raw, "test_tokens", path),
  };
}
