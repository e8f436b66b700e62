// What a write changed, field by field (an event's `changes`, SPEC §2c): each field whose value
// differs, with its old and new value (null where there was none). `updated_at` is left out: it
// changes on every write and is the event's own `at`.
import type { FieldChange } from "../../ports/event-store.js";
import type { ComponentRecord, IssueRecord } from "../../ports/graph-store.js";

/** Who made a change when the request names no agent (SPEC §2c). */
export const ANONYMOUS = "anonymous";

const ISSUE_FIELDS = [
  "title",
  "description",
  "status",
  "priority",
  "component_id",
  "labels",
  "code_refs",
  "closed_at",
  "assignee",
  "claim_expires_at",
] as const satisfies readonly (keyof IssueRecord)[];

const COMPONENT_FIELDS = [
  "name",
  "description",
  "project",
  "paths",
] as const satisfies readonly (keyof ComponentRecord)[];

export function issueChanges(before: IssueRecord, after: IssueRecord): FieldChange[] {
  return changesOf(before, after, ISSUE_FIELDS);
}

export function componentChanges(before: ComponentRecord, after: ComponentRecord): FieldChange[] {
  return changesOf(before, after, COMPONENT_FIELDS);
}

/** A list field (depends_on) before and after: one change, or none when equal. */
export function listChange(field: string, from: string[], to: string[]): FieldChange[] {
  return sameValue(from, to) ? [] : [{ field, from, to }];
}

function changesOf<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of fields) {
    const from = normal(before[field]);
    const to = normal(after[field]);
    if (!sameValue(from, to)) out.push({ field, from, to });
  }
  return out;
}

// A field absent on an older record reads as none: null for a value, [] for a list.
function normal(value: unknown): unknown {
  return value === undefined ? null : value;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = (a ?? []) as unknown[];
    const y = (b ?? []) as unknown[];
    return x.length === y.length && x.every((v, k) => v === y[k]);
  }
  return a === b;
}
