// The lexical index's posting lists: for each term, the documents (slots) holding it and the
// term's boosted frequency there. Kept as one flat array of doubles per term, [slot, generation,
// tf, …], rather than a Map per term: at 20,000 code files the Maps were the largest thing on the
// task-graph service's heap, each entry ~40 bytes plus a heap number for a fractional tf, every
// table walked by the collector. An array of doubles is 24 bytes an entry and holds no pointer,
// so the collector never looks inside it.
// A removed document is not searched for in each of its terms' lists (a common term's list holds
// most documents): its slot's generation moves on, which retires all its entries at once, and a
// list is compacted when it holds more dead entries than live ones (amortised O(1) a removal).

import { ShardedMap } from "../collections/index.js";

/** A new empty array whose elements are doubles: V8 never turns it back into a tagged array. */
function doubleArray(): number[] {
  const list = [0.5];
  list.length = 0;
  return list;
}

const STRIDE = 3;
/** Lists this short are compacted only when most of their entries are dead and there are a few. */
const MIN_DEAD_TO_COMPACT = 8;

export class PostingLists {
  /** In shards: a million terms in one Map rehashed in one long task as it grew. */
  readonly #idOf = new ShardedMap<number>();
  /** Each id's term: the one copy of its string that the documents' term maps share. */
  readonly #termOf: string[] = [];
  readonly #lists: number[][] = [];
  readonly #live: number[] = [];
  readonly #freeIds: number[] = [];
  /** Each slot's generation: an entry counts only while it carries its slot's generation. */
  readonly #generation: number[] = [];

  /**
   * Records that document `slot` holds these terms with these frequencies. Returns the same terms
   * keyed by the lists' own copy of each string: a document's terms come from its tokens, a new
   * string each, and 20,000 code files kept hundreds of thousands of copies of the same words.
   */
  add(slot: number, terms: ReadonlyMap<string, number>): Map<string, number> {
    const shared = new Map<string, number>();
    this.addPart(slot, terms, shared);
    return shared;
  }

  /**
   * add() of a part of a document's terms, written into `shared` (the document's map so far): a
   * long document is added in parts (LexicalIndex.setTermsInParts). Its entries count at once.
   * Without `shared` only the postings are written (the caller keeps its own map of the terms).
   */
  addPart(slot: number, terms: Iterable<[string, number]>, shared: Map<string, number> | undefined): void {
    const generation = this.generationOf(slot);
    this.#generation[slot] = generation;
    for (const [term, tf] of terms) {
      const id = this.#idOf.get(term) ?? this.#newTerm(term);
      this.#lists[id]!.push(slot, generation, tf);
      this.#live[id]!++;
      shared?.set(this.#termOf[id]!, tf);
    }
  }

  /** The slot's generation: it moves on when the slot's document is removed. */
  generationOf(slot: number): number {
    return this.#generation[slot] ?? 0;
  }

  /** Forgets document `slot`, which holds `terms` (the keys add() was given for it). */
  remove(slot: number, terms: Iterable<string>): void {
    this.#generation[slot] = (this.#generation[slot] ?? 0) + 1;
    for (const term of terms) {
      const id = this.#idOf.get(term);
      if (id === undefined) continue;
      const live = --this.#live[id]!;
      if (live === 0) this.#dropTerm(term, id);
      else if (this.#lists[id]!.length / STRIDE - live > Math.max(live, MIN_DEAD_TO_COMPACT))
        this.#compact(id);
    }
  }

  /** How many documents hold `term`. */
  documentFrequency(term: string): number {
    const id = this.#idOf.get(term);
    return id === undefined ? 0 : this.#live[id]!;
  }

  /** Entries kept for `term`, live or retired: bounded by twice its live ones (and a few). */
  storedEntries(term: string): number {
    const id = this.#idOf.get(term);
    return id === undefined ? 0 : this.#lists[id]!.length / STRIDE;
  }

  /** Every term some document holds. */
  terms(): Iterable<string> {
    return this.#idOf.keys();
  }

  /** Calls `visit` with each document holding `term` and its frequency there, oldest entry first. */
  forEach(term: string, visit: (slot: number, tf: number) => void): void {
    const id = this.#idOf.get(term);
    if (id === undefined) return;
    const list = this.#lists[id]!;
    const generation = this.#generation;
    for (let i = 0; i < list.length; i += STRIDE) {
      const slot = list[i]!;
      if (generation[slot] === list[i + 1]) visit(slot, list[i + 2]!);
    }
  }

  #newTerm(term: string): number {
    const id = this.#freeIds.pop() ?? this.#lists.length;
    this.#idOf.set(term, id);
    this.#termOf[id] = term;
    this.#lists[id] = doubleArray();
    this.#live[id] = 0;
    return id;
  }

  #dropTerm(term: string, id: number): void {
    this.#idOf.delete(term);
    this.#termOf[id] = "";
    this.#lists[id] = doubleArray();
    this.#freeIds.push(id);
  }

  /** Keeps only the live entries of list `id`, in order. */
  #compact(id: number): void {
    const list = this.#lists[id]!;
    const generation = this.#generation;
    let kept = 0;
    for (let i = 0; i < list.length; i += STRIDE) {
      if (generation[list[i]!] !== list[i + 1]) continue;
      list[kept] = list[i]!;
      list[kept + 1] = list[i + 1]!;
      list[kept + 2] = list[i + 2]!;
      kept += STRIDE;
    }
    list.length = kept;
  }
}
