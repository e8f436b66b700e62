// A stored issue plus its dependency ids, as the API returns it.
import type { GraphStore, IssueRecord } from "../ports/graph-store.js";
import type { Issue } from "../schemas/issue.js";

export async function toIssueView(store: GraphStore, record: IssueRecord): Promise<Issue> {
  const deps = await store.dependenciesOf(record.id);
  return { ...record, labels: [...record.labels], depends_on: deps.depends_on, blocks: deps.blocks };
}

export async function toIssueViews(store: GraphStore, records: IssueRecord[]): Promise<Issue[]> {
  if (!store.dependenciesOfMany) return Promise.all(records.map((r) => toIssueView(store, r)));
  const deps = await store.dependenciesOfMany(records.map((r) => r.id));
  return records.map((r) => {
    const d = deps.get(r.id) ?? { depends_on: [], blocks: [] };
    return { ...r, labels: [...r.labels], depends_on: d.depends_on, blocks: d.blocks };
  });
}
