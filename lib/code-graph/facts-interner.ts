// Facts come back from a worker thread as fresh copies: structured clone makes a new string for
// every name a file repeats (the enclosing function of each reference, a called name, an import's
// specifier). A server keeps every file's facts for the next incremental build, so those copies
// are hundreds of thousands of live objects that each collection must visit and the young
// generation must copy. Sharing equal strings keeps one of each.

import type { FileFacts } from "./facts.js";
import type { SymbolKind } from "./model.js";

/** Equal strings share one copy; bounded: the table starts over at `limit` entries. */
export class StringInterner {
  readonly #table = new Map<string, string>();

  constructor(private readonly limit = 100_000) {}

  intern(value: string): string {
    const known = this.#table.get(value);
    if (known !== undefined) return known;
    if (this.#table.size >= this.limit) this.#table.clear();
    this.#table.set(value, value);
    return value;
  }

  get size(): number {
    return this.#table.size;
  }
}

/** Replaces the facts' names with shared copies, in place; the facts stay equal. */
export function internFacts(facts: FileFacts, strings: StringInterner): FileFacts {
  const s = (value: string) => strings.intern(value);
  facts.language = s(facts.language);
  if (facts.packageName !== undefined) facts.packageName = s(facts.packageName);
  for (const symbol of facts.symbols) {
    symbol.name = s(symbol.name);
    symbol.qualified = s(symbol.qualified);
    symbol.kind = s(symbol.kind) as SymbolKind;
    if (symbol.parent !== undefined) symbol.parent = s(symbol.parent);
  }
  for (const fact of facts.imports) {
    fact.specifier = s(fact.specifier);
    for (const binding of fact.bindings) {
      binding.local = s(binding.local);
      binding.imported = s(binding.imported);
    }
  }
  for (const ref of facts.references) {
    ref.name = s(ref.name);
    if (ref.from !== undefined) ref.from = s(ref.from);
    if (ref.qualifier !== undefined) ref.qualifier = s(ref.qualifier);
  }
  return facts;
}
