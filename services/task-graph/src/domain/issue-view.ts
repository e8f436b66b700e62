// A stored issue plus its dependency ids, as the API returns it.
import type { GraphStore, IssueRecord } from "../ports/graph-store.js";
import type { Issue } from "../schemas/issue.js";

export async function toIssueView(store: GraphStore, record: IssueRecord): Promise<Issue> {
  const deps = await store.dependenciesOf(record.id);
  return { ...record, labels: [...record.labels], depends_on: deps.depends_on, blocks: deps.blocks };
}

export function toIssueViews(store: GraphStore, records: IssueRecord[]): Promise<Issue[]> {
  return Promise.all(records.map((r) => toIssueView(store, r)));
}
