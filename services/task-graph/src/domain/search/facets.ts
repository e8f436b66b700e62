// Issue ids by component and by label (case-insensitive), kept in step with every indexed write,
// so root-cause analysis selects its candidates through them instead of scanning every issue.
export class IssueFacets {
  readonly #byComponent = new Map<string, Set<string>>();
  readonly #byLabel = new Map<string, Set<string>>();
  readonly #of = new Map<string, { component: string | null; labels: string[] }>();

  set(id: string, component: string | null, labels: string[]): void {
    this.delete(id);
    const lowered = [...new Set(labels.map((l) => l.toLowerCase()))];
    this.#of.set(id, { component, labels: lowered });
    if (component !== null) add(this.#byComponent, component, id);
    for (const label of lowered) add(this.#byLabel, label, id);
  }

  delete(id: string): void {
    const old = this.#of.get(id);
    if (!old) return;
    this.#of.delete(id);
    if (old.component !== null) remove(this.#byComponent, old.component, id);
    for (const label of old.labels) remove(this.#byLabel, label, id);
  }

  ofComponent(componentId: string): ReadonlySet<string> {
    return this.#byComponent.get(componentId) ?? new Set();
  }

  /** Ids of the issues carrying any of `labels` (compared case-insensitively). */
  withAnyLabel(labels: string[]): Set<string> {
    const out = new Set<string>();
    for (const label of labels) for (const id of this.#byLabel.get(label.toLowerCase()) ?? []) out.add(id);
    return out;
  }
}

function add(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  if (set) set.add(id);
  else map.set(key, new Set([id]));
}

function remove(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  set?.delete(id);
  if (set?.size === 0) map.delete(key);
}
