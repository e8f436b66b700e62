// The `reporting` section; `format` may be one name or a list, and is always resolved to a list.
// A format is a built-in reporter's name or the path of a reporter module (kept as written).

import { readBlock } from "../collections.js";
import type { Path, ResolveContext } from "../context.js";
import { defaultReporting } from "../defaults.js";
import { describe, isAbsent, nonEmpty, type Raw, readBool, readString, textOf } from "../fields.js";
import { isReporterPath, REPORT_FORMATS } from "../report-formats.js";
import { Unset } from "../substitute.js";
import type { ReportingConfig } from "../types.js";

export function resolveReporting(ctx: ResolveContext, root: Raw): ReportingConfig {
  const d = defaultReporting();
  const path = ["reporting"];
  const raw = readBlock(ctx, root, "reporting", [], "a map of options");
  ctx.checkKeys(raw, path, ["format", "save_logs", "log_dir", "include_payloads", "screenshot_on_failure"]);
  return {
    format: readFormats(ctx, raw, path, d.format),
    save_logs: readBool(ctx, raw, "save_logs", path, d.save_logs),
    log_dir: readString(ctx, raw, "log_dir", path, d.log_dir, { check: nonEmpty }),
    include_payloads: readBool(ctx, raw, "include_payloads", path, d.include_payloads),
    screenshot_on_failure: readBool(ctx, raw, "screenshot_on_failure", path, d.screenshot_on_failure),
  };
}

function readFormats(ctx: ResolveContext, raw: Raw, path: Path, fallback: string[]): string[] {
  const value = raw.format;
  if (isAbsent(value)) return fallback;
  // One string may list several formats ("json,junit"), handy with ${REPORT_FORMAT:-console}.
  const text = textOf(value);
  const listed = Array.isArray(value) || (text?.includes(",") ?? false);
  const items = Array.isArray(value)
    ? value
    : text?.includes(",")
      ? text.split(",").map((f) => f.trim())
      : [value];
  if (listed && items.length === 0) {
    ctx.error(
      [...path, "format"],
      `must name at least one of ${REPORT_FORMATS.join(", ")}, got an empty list`,
    );
    return fallback;
  }
  const out: string[] = [];
  items.forEach((item, i) => {
    if (item instanceof Unset) return;
    const text = textOf(item);
    if (
      text !== undefined &&
      ((REPORT_FORMATS as readonly string[]).includes(text) || isReporterPath(text))
    ) {
      if (!out.includes(text)) out.push(text);
      return;
    }
    const at = listed ? [...path, "format", i] : [...path, "format"];
    ctx.error(
      at,
      `must be one of ${REPORT_FORMATS.join(", ")} or the path of a reporter module, got ${describe(item)}`,
    );
  });
  return out.length > 0 ? out : fallback;
}
