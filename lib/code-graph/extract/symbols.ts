// Collects the symbols a file declares while an extractor walks its declarations, keeping the
// character ranges the reference pass needs to find each reference's enclosing symbol.
import type { SymbolFact } from "../facts.js";
import type { SymbolKind } from "../model.js";
import type { Node } from "../parser.js";

export interface SymbolDraft extends SymbolFact {
  start: number;
  end: number;
}

export interface AddSymbol {
  /** The whole declaration (its range becomes line..endLine). */
  node: Node;
  name: string;
  kind: SymbolKind;
  exported: boolean;
  signature: string;
  parent?: SymbolDraft;
  /** The container's qualified name when it is declared in another file (a Go receiver type). */
  parentName?: string;
  isDefault?: boolean;
}

const SIGNATURE_LIMIT = 200;

/** The declaration's text up to its body (or its first line), whitespace collapsed. */
export function signatureOf(
  source: string,
  node: Node,
  body: Node | null = node.childForFieldName("body"),
): string {
  let end = body ? body.startIndex : node.endIndex;
  const newline = source.indexOf("\n", node.startIndex);
  if (!body && newline >= 0 && newline < end) end = newline;
  const text = source.slice(node.startIndex, Math.min(end, node.startIndex + SIGNATURE_LIMIT * 4));
  const collapsed = text.replace(/\s+/g, " ").trim();
  const trimmed = collapsed
    .replace(/\(\s+/g, "(")
    .replace(/,?\s+\)/g, ")")
    .replace(/[\s{:=;]+$/, "")
    .trim();
  return trimmed.length > SIGNATURE_LIMIT ? `${trimmed.slice(0, SIGNATURE_LIMIT - 1)}…` : trimmed;
}

export class SymbolCollector {
  readonly drafts: SymbolDraft[] = [];
  private readonly byQualified = new Map<string, SymbolDraft>();

  add(spec: AddSymbol): SymbolDraft {
    const parent = spec.parent?.qualified ?? spec.parentName;
    const qualified = parent ? `${parent}.${spec.name}` : spec.name;
    const line = spec.node.startPosition.row + 1;
    const endLine = spec.node.endPosition.row + 1;
    const same = this.byQualified.get(qualified);
    // Overloads (TS signatures, Java/Python re-declarations of one kind) are one symbol.
    if (same && same.kind === spec.kind) {
      same.endLine = Math.max(same.endLine, endLine);
      same.end = Math.max(same.end, spec.node.endIndex);
      same.exported ||= spec.exported;
      return same;
    }
    const draft: SymbolDraft = {
      qualified,
      name: spec.name,
      kind: spec.kind,
      line,
      endLine,
      signature: spec.signature,
      exported: spec.exported,
      start: spec.node.startIndex,
      end: spec.node.endIndex,
    };
    if (parent) draft.parent = parent;
    if (spec.isDefault) draft.isDefault = true;
    if (!same) this.byQualified.set(qualified, draft);
    this.drafts.push(draft);
    return draft;
  }

  get(qualified: string): SymbolDraft | undefined {
    return this.byQualified.get(qualified);
  }

  /** Marks top-level symbols exported by a later statement (`export { a }`, `module.exports = a`). */
  markExported(name: string, isDefault = false): void {
    const draft = this.byQualified.get(name);
    if (!draft) return;
    draft.exported = true;
    if (isDefault) draft.isDefault = true;
  }

  facts(): SymbolFact[] {
    return this.drafts.map(({ start: _s, end: _e, ...fact }) => fact);
  }
}
