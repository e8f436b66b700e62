// The reference pass: one tree-sitter query per language captures the names a file uses
// (`@ref`, with `@qual` for the identifier before a dot, `@member` for a member of a receiver that
// is not a plain name, `@value` for a name read as a value, `@skip` for names that only declare),
// and a sweep over the declarations' ranges finds each reference's innermost enclosing symbol.
import type { ReferenceFact } from "../facts.js";
import type { Node, Query } from "../parser.js";
import type { SymbolDraft } from "./symbols.js";

interface RawRef {
  start: number;
  name: string;
  qualifier?: string;
  member?: boolean;
  value?: boolean;
  line: number;
}

/** When two patterns capture one name, the more precise wins: qualified, member, plain, value. */
const precision = (ref: RawRef) => (ref.qualifier !== undefined ? 2 : ref.member ? 1 : ref.value ? -1 : 0);

/** Called for captures other than `@ref`, `@qual` and `@skip` (e.g. a `require()` argument). */
export type OtherCapture = (name: string, node: Node) => void;

export function collectReferences(
  query: Query,
  root: Node,
  drafts: readonly SymbolDraft[],
  onOther?: OtherCapture,
): ReferenceFact[] {
  const refs = new Map<number, RawRef>();
  const skipped = new Set<number>();
  for (const match of query.matches(root)) {
    let ref: Node | undefined;
    let qual: Node | undefined;
    let member = false;
    let value = false;
    for (const capture of match.captures) {
      if (capture.name === "ref") ref = capture.node;
      else if (capture.name === "member" || capture.name === "value") {
        ref = capture.node;
        member = capture.name === "member";
        value = capture.name === "value";
      } else if (capture.name === "qual") qual = capture.node;
      else if (capture.name === "skip") skipped.add(capture.node.startIndex);
      else onOther?.(capture.name, capture.node);
    }
    if (!ref) continue;
    const start = ref.startIndex;
    const raw: RawRef = { start, name: ref.text, line: ref.startPosition.row + 1 };
    if (qual) raw.qualifier = qual.text;
    else if (member) raw.member = true;
    else if (value) raw.value = true;
    const existing = refs.get(start);
    if (!existing || precision(existing) < precision(raw)) refs.set(start, raw);
  }
  const ordered = [...refs.values()].filter((r) => !skipped.has(r.start)).sort((a, b) => a.start - b.start);
  return attachEnclosing(ordered, drafts);
}

function attachEnclosing(refs: RawRef[], drafts: readonly SymbolDraft[]): ReferenceFact[] {
  // Outer declarations first when two start together, so the inner one ends up on top.
  const scopes = [...drafts].sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: SymbolDraft[] = [];
  const out: ReferenceFact[] = [];
  let next = 0;
  for (const ref of refs) {
    while (next < scopes.length && scopes[next]!.start <= ref.start) {
      const scope = scopes[next++]!;
      while (stack.length > 0 && stack[stack.length - 1]!.end <= scope.start) stack.pop();
      stack.push(scope);
    }
    while (stack.length > 0 && stack[stack.length - 1]!.end <= ref.start) stack.pop();
    const enclosing = stack[stack.length - 1];
    // A declaration's own name is not a use of it.
    if (enclosing && enclosing.name === ref.name && enclosing.line === ref.line && !ref.qualifier) continue;
    const fact: ReferenceFact = { name: ref.name, line: ref.line };
    if (enclosing) fact.from = enclosing.qualified;
    if (ref.qualifier !== undefined) fact.qualifier = ref.qualifier;
    if (ref.member) fact.member = true;
    if (ref.value) fact.value = true;
    out.push(fact);
  }
  return out;
}

/**
 * In languages where a name read as a value can only mean an import or a declaration of the same
 * file (JS/TS, Python), the other value reads are locals: dropped here so facts stay small.
 */
export function keepResolvableValues(
  references: ReferenceFact[],
  symbols: readonly { name: string; parent?: string }[],
  imports: readonly { bindings: readonly { local: string }[]; wildcard?: boolean; reexport?: boolean }[],
): ReferenceFact[] {
  // `from m import *` binds names we only learn when m is resolved: keep every value read.
  if (imports.some((fact) => fact.wildcard && !fact.reexport)) return references;
  const names = new Set<string>();
  for (const symbol of symbols) if (symbol.parent === undefined) names.add(symbol.name);
  for (const fact of imports) for (const binding of fact.bindings) names.add(binding.local);
  return references.filter((ref) => !ref.value || names.has(ref.name));
}
