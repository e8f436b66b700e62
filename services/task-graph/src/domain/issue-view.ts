// A stored issue plus its dependency ids, as the API returns it. Fields are copied one by one:
// spreading the (frozen) stored records was 3-4x slower and list pages build 20 of these. The
// literal below is one of the issue field lists test/api/issue-fields.test.ts holds to IssueSchema.
import { claimHeld, type GraphStore, type IssueRecord } from "../ports/graph-store.js";
import type { Issue } from "../schemas/issue.js";

const NO_DEPS = { depends_on: [] as string[], blocks: [] as string[] };

/** The API view at the instant `now`: a claim whose lease has run out shows as none. */
export function issueView(
  r: IssueRecord,
  deps: { depends_on: string[]; blocks: string[] },
  now: string,
): Issue {
  const held = claimHeld(r, now);
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    priority: r.priority,
    component_id: r.component_id,
    labels: r.labels,
    depends_on: deps.depends_on,
    blocks: deps.blocks,
    created_at: r.created_at,
    updated_at: r.updated_at,
    closed_at: r.closed_at,
    assignee: held ? r.assignee! : null,
    claim_expires_at: held ? r.claim_expires_at! : null,
    code_refs: r.code_refs ?? [],
  };
}

export async function toIssueView(store: GraphStore, record: IssueRecord, now: string): Promise<Issue> {
  return issueView(record, await store.dependenciesOf(record.id), now);
}

/**
 * List views, remembering which were made from records that can never change (the embedded store
 * freezes them and replaces, never edits, a record on update): the page serializer reuses each
 * such record's JSON. One per IssueService, so apps in one process share nothing.
 */
export class IssueViews {
  readonly #immutableSource = new WeakMap<Issue, IssueRecord>();

  async of(store: GraphStore, records: IssueRecord[], now: string): Promise<Issue[]> {
    if (!store.dependenciesOfMany) return Promise.all(records.map((r) => toIssueView(store, r, now)));
    const deps = await store.dependenciesOfMany(records.map((r) => r.id));
    return records.map((r) => {
      const view = issueView(r, deps.get(r.id) ?? NO_DEPS, now);
      if (Object.isFrozen(r) && Object.isFrozen(r.labels)) this.#immutableSource.set(view, r);
      return view;
    });
  }

  /** The frozen record a list view was made from, if any. */
  immutableRecordOf(view: Issue): IssueRecord | undefined {
    return this.#immutableSource.get(view);
  }
}
