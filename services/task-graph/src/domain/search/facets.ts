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

  set(id: string, component: string | null, labels: string[], changedMs: number): void {
    this.delete(id);
    const lowered = [...new Set(labels.map((l) => l.toLowerCase()))];
    this.#of.set(id, { id, component_id: component, labels: lowered, changedMs });
    if (component !== null) add(this.#byComponent, component, id);
    for (const label of lowered) add(this.#byLabel, label, id);
  }

  delete(id: string): void {
    const old = this.#of.get(id);
    if (!old) return;
    this.#of.delete(id);
    if (old.component_id !== null) remove(this.#byComponent, old.component_id, id);
    for (const label of old.labels) remove(this.#byLabel, label, id);
  }

  /** The facts of an indexed issue. */
  factsOf(id: string): IssueFacts | undefined {
    return this.#of.get(id);
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
