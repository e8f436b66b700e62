// Comma-list query parameters (status=OPEN,CLOSED): each entry must be a known value.
import { HttpError } from "../../../../lib/service-kit/index.js";

export function parseEnumList<T extends string>(param: string, raw: string, allowed: readonly T[]): T[] {
  const values = raw.split(",").map((v) => v.trim().toUpperCase());
  for (const v of values) {
    if (!(allowed as readonly string[]).includes(v)) {
      throw new HttpError(
        400,
        "VALIDATION_ERROR",
        `Query parameter "${param}" has ${v === "" ? "an empty entry" : `unknown value "${v}"`}; use a comma list of ${allowed.join(", ")}.`,
        { field: param, location: "querystring", rule: "enum" },
      );
    }
  }
  return [...new Set(values)] as T[];
}
