// The `general` section: required (it may be empty); its verification_level decides whether
// unknown keys anywhere are errors or warnings.

import { readBlock } from "../collections.js";
import type { ResolveContext } from "../context.js";
import { defaultGeneral } from "../defaults.js";
import {
  isAbsent,
  nonEmpty,
  POSITIVE_MS,
  type Raw,
  readBool,
  readEnum,
  readInt,
  readString,
} from "../fields.js";
import type { Environment, GeneralConfig, VerificationLevel } from "../types.js";

const ENVIRONMENTS: readonly Environment[] = ["dev", "staging", "production"];
const VERIFICATION_LEVELS: readonly VerificationLevel[] = ["strict", "lenient"];
const KEYS = ["environment", "timeout", "user_agent", "verbose", "project", "verification_level"];

/** @param strictOverride forces unknown-key strictness (validateConfig's flag) instead of the file's level. */
export function resolveGeneral(ctx: ResolveContext, root: Raw, strictOverride?: boolean): GeneralConfig {
  const d = defaultGeneral();
  const path = ["general"];
  if (isAbsent(root.general)) {
    ctx.error(path, "required section is missing (it may be empty: `general: {}`)", "parent");
  }
  const raw = readBlock(ctx, root, "general", [], "a map of options");
  const level = readEnum(ctx, raw, "verification_level", path, VERIFICATION_LEVELS, d.verification_level);
  ctx.strict = strictOverride ?? level === "strict";
  ctx.checkKeys(raw, path, KEYS);
  const project = readBlock(ctx, raw, "project", path, "a map with name and version");
  ctx.checkKeys(project, [...path, "project"], ["name", "version"]);
  return {
    environment: readEnum(ctx, raw, "environment", path, ENVIRONMENTS, d.environment),
    timeout: readInt(ctx, raw, "timeout", path, d.timeout, POSITIVE_MS),
    user_agent: readString(ctx, raw, "user_agent", path, d.user_agent, { check: nonEmpty }),
    verbose: readBool(ctx, raw, "verbose", path, d.verbose),
    project: {
      name: readString(ctx, project, "name", [...path, "project"], d.project.name, { check: nonEmpty }),
      version: readString(ctx, project, "version", [...path, "project"], d.project.version, {
        check: nonEmpty,
      }),
    },
    verification_level: level,
  };
}
