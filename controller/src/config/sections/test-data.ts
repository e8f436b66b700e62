// The `test_data` section: values scenarios use to build users, pace steps and retry.

import { readBlock } from "../collections.js";
import type { ResolveContext } from "../context.js";
import { defaultTestData } from "../defaults.js";
import { NON_NEGATIVE_MS, nonEmpty, POSITIVE_MS, type Raw, readInt, readString } from "../fields.js";
import type { TestDataConfig } from "../types.js";

export function resolveTestData(ctx: ResolveContext, root: Raw): TestDataConfig {
  const d = defaultTestData();
  const path = ["test_data"];
  const raw = readBlock(ctx, root, "test_data", [], "a map of options");
  ctx.checkKeys(raw, path, ["user", "timing", "retries"]);
  const user = readBlock(ctx, raw, "user", path, "a map of options");
  const timing = readBlock(ctx, raw, "timing", path, "a map of options");
  const retries = readBlock(ctx, raw, "retries", path, "a map of options");
  const [userPath, timingPath, retriesPath] = [
    [...path, "user"],
    [...path, "timing"],
    [...path, "retries"],
  ];
  ctx.checkKeys(user, userPath, ["email_domain", "password", "username_prefix"]);
  ctx.checkKeys(timing, timingPath, ["step_delay", "async_timeout"]);
  ctx.checkKeys(retries, retriesPath, ["max_attempts", "backoff_ms"]);
  return {
    user: {
      email_domain: readString(ctx, user, "email_domain", userPath, d.user.email_domain, { check: nonEmpty }),
      password: readString(ctx, user, "password", userPath, d.user.password),
      username_prefix: readString(ctx, user, "username_prefix", userPath, d.user.username_prefix),
    },
    timing: {
      step_delay: readInt(ctx, timing, "step_delay", timingPath, d.timing.step_delay, NON_NEGATIVE_MS),
      async_timeout: readInt(ctx, timing, "async_timeout", timingPath, d.timing.async_timeout, POSITIVE_MS),
    },
    retries: {
      max_attempts: readInt(ctx, retries, "max_attempts", retriesPath, d.retries.max_attempts, {
        min: 1,
        expect: "an integer >= 1 (1 means no retry)",
      }),
      backoff_ms: readInt(ctx, retries, "backoff_ms", retriesPath, d.retries.backoff_ms, NON_NEGATIVE_MS),
    },
  };
}
