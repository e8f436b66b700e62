// The reporter names, apart from the reporters themselves: `e2e run` checks --reporter before it
// boots anything, without loading the reporters (they load while the services start).

import { UnknownReporterError } from "./errors.js";

export const REPORTER_NAMES = ["console", "json", "junit", "html"] as const;

export type ReporterName = (typeof REPORTER_NAMES)[number];

/** Distinct names, trimmed and lower-cased, in the order given. @throws UnknownReporterError */
export function checkReporterNames(names: string[]): ReporterName[] {
  const unique = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  const unknown = unique.find((name) => !(REPORTER_NAMES as readonly string[]).includes(name));
  if (unknown !== undefined) throw new UnknownReporterError(unknown, REPORTER_NAMES);
  return unique as ReporterName[];
}
