/** UTC ISO 8601 with milliseconds and no zone offset: `2026-11-21T23:44:37.588`. */
export function utcTimestamp(date: Date = new Date()): string {
  // toISOString is always UTC with a trailing "Z"; the contract wants no offset at all.
  return date.toISOString().slice(0, -1);
}
