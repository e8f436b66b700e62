// Issue ids by component and by label (case-insensitive), and each issue's facts as root-cause
// signals read them, kept in step with every indexed write, so root-cause analysis selects and
// bounds its candidates through them instead of scanning (or even reading) every issue.

/** What root-cause signals read of an issue, computed when it is written. */
export interface IssueFacts {
  id: string;
  component_id: string | null;
  /** Lowercased, without repeats. */
  labels: readonly string[];
  /** When it last changed (last-change.ts), ms since the epoch. */
  changedMs: number;
}

export class IssueFacets {
  readonly #byComponent = new Map<string, Set<string>>();
  readonly #byLabel = new Map<string, Set<string>>();
  readonly #of = new Map<string, IssueFacts>();
  /** "c:<component>" / "l:<label>" → its ids, most recently changed first; dropped when it changes. */
  readonly #byRecency = new Map<string, string[]>();

  set(id: string, component: string | null, labels: string[], changedMs: number): void {
    this.delete(id);
    const lowered = [...new Set(labels.map((l) => l.toLowerCase()))];
    this.#of.set(id, { id, component_id: component, labels: lowered, changedMs });
    if (component !== null) this.#add(this.#byComponent, `c:${component}`, component, id);
    for (const label of lowered) this.#add(this.#byLabel, `l:${label}`, label, id);
  }

  delete(id: string): void {
    const old = this.#of.get(id);
    if (!old) return;
    this.#of.delete(id);
    if (old.component_id !== null)
      this.#remove(this.#byComponent, `c:${old.component_id}`, old.component_id, id);
    for (const label of old.labels) this.#remove(this.#byLabel, `l:${label}`, label, id);
  }

  /** The facts of an indexed issue. */
  factsOf(id: string): IssueFacts | undefined {
    return this.#of.get(id);
  }

  ofComponent(componentId: string): ReadonlySet<string> {
    return this.#byComponent.get(componentId) ?? new Set();
  }

  /** The component's issue ids, most recently changed first (ties: smaller id first). */
  ofComponentByRecency(componentId: string): readonly string[] {
    return this.#sorted(`c:${componentId}`, this.ofComponent(componentId));
  }

  /** Ids of the issues carrying `label` (case-insensitive), most recently changed first (ties: smaller id first). */
  withLabelByRecency(label: string): readonly string[] {
    const lowered = label.toLowerCase();
    return this.#sorted(`l:${lowered}`, this.#byLabel.get(lowered) ?? new Set());
  }

  // Sorted on first use after a change of the list, so a run of analyses without writes sorts once.
  #sorted(key: string, ids: ReadonlySet<string>): readonly string[] {
    // Nothing kept for a label or component without issues: requests may name any.
    if (ids.size === 0) return [];
    let list = this.#byRecency.get(key);
    if (!list) {
      const changed = (id: string) => this.#of.get(id)!.changedMs;
      list = [...ids].sort((a, b) => changed(b) - changed(a) || (a < b ? -1 : a > b ? 1 : 0));
      this.#byRecency.set(key, list);
    }
    return list;
  }

  #add(map: Map<string, Set<string>>, sortedKey: string, key: string, id: string): void {
    this.#byRecency.delete(sortedKey);
    const set = map.get(key);
    if (set) set.add(id);
    else map.set(key, new Set([id]));
  }

  #remove(map: Map<string, Set<string>>, sortedKey: string, key: string, id: string): void {
    this.#byRecency.delete(sortedKey);
    const set = map.get(key);
    set?.delete(id);
    if (set?.size === 0) map.delete(key);
  }

  /** Ids of the issues carrying any of `labels` (compared case-insensitively). */
  withAnyLabel(labels: string[]): Set<string> {
    const out = new Set<string>();
    for (const label of labels) for (const id of this.#byLabel.get(label.toLowerCase()) ?? []) out.add(id);
    return out;
  }
}
