// The short text each MCP tool answers beside its structuredContent (SPEC §2c "plus a short
// text"): a line or a few that an agent or a person reads at a glance. The data stays in
// structuredContent; the text names the key facts and caps lists, so it stays small whatever the
// answer's size.

/** A text answer is at most this long (the runner cuts a longer one, as a guard). */
export const MAX_SUMMARY_CHARS = 1000;

/** Items a listed summary shows before "…and N more". */
export const LISTED_ITEMS = 5;

const TITLE_CHARS = 60;

/** What a tool turns its answer (and, where the answer does not repeat them, its arguments) into. */
export type Summariser<T> = (answer: T, args: Record<string, unknown>) => string;

/** `'text'`, cut to a readable length (a title can be 500 characters). */
export function quoted(text: string, max = TITLE_CHARS): string {
  const chars = [...text];
  return `'${chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text}'`;
}

/** "1 issue", "3 issues". */
export function counted(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}

/**
 * A heading and the first items as "- line" rows, then "…and N more" for the rest; `total` is
 * the full count when the items were already cut (a page, a limit).
 */
export function listed(heading: string, lines: string[], total = lines.length): string {
  const shown = lines.slice(0, LISTED_ITEMS).map((line) => `- ${line}`);
  const more = total - shown.length;
  return [heading, ...shown, ...(more > 0 ? [`…and ${more} more`] : [])].join("\n");
}

/** Names on one line, the first few then "…and N more": `a, b, c …and 4 more`, or `none`. */
export function joined(names: string[]): string {
  if (!names.length) return "none";
  const more = names.length - LISTED_ITEMS;
  return `${names.slice(0, LISTED_ITEMS).join(", ")}${more > 0 ? ` …and ${more} more` : ""}`;
}

/** The text as sent: never longer than MAX_SUMMARY_CHARS. */
export function bounded(text: string): string {
  if (text.length <= MAX_SUMMARY_CHARS) return text;
  // By code point, so a cut never splits a surrogate pair.
  return `${[...text.slice(0, MAX_SUMMARY_CHARS)].slice(0, -2).join("")}…`;
}

/** An issue in one line: `i-12 'Login fails' (OPEN, HIGH)`. */
export function issueLine(issue: { id: string; title: string; status: string; priority?: string }): string {
  const facts = issue.priority ? `${issue.status}, ${issue.priority}` : issue.status;
  return `${issue.id} ${quoted(issue.title)} (${facts})`;
}
