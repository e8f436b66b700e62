// Every symbol of the repository with its id, and the lookups reference resolution needs: a file's
// top-level names, a container's members, a package's names, and all names of a language family.
import { ShardedMap } from "../../collections/index.js";
import { STEPS_PER_LOOK, type Yielder } from "../../turns/index.js";
import type { FileFacts, SymbolFact } from "../facts.js";
import type { CodeSymbol } from "../model.js";
import { dirOf } from "../resolve/paths.js";

export type Family = "js" | "python" | "jvm" | "go" | "other";

export function familyOf(language: string): Family {
  if (language === "typescript" || language === "tsx" || language === "javascript") return "js";
  if (language === "python") return "python";
  if (language === "java" || language === "kotlin") return "jvm";
  if (language === "go") return "go";
  return "other";
}

/** A file whose symbols are being added (build gives way in between). */
interface FileInProgress {
  path: string;
  facts: FileFacts;
  local: Map<string, CodeSymbol>;
  mine: CodeSymbol[];
}

/** One file's symbols and the facts they were made from (what the next build may reuse). */
export interface FileSymbols {
  facts: FileFacts;
  symbols: CodeSymbol[];
}

export class SymbolTable {
  readonly symbols: CodeSymbol[] = [];
  /** Each file's symbols, for the next build (see build's `known`). */
  readonly byFile = new Map<string, FileSymbols>();
  private readonly byQualified = new Map<string, Map<string, CodeSymbol>>();
  private readonly topLevel = new Map<string, Map<string, CodeSymbol[]>>();
  private readonly members = new Map<string, Map<string, CodeSymbol[]>>();
  private readonly packages = new Map<string, Map<string, CodeSymbol[]>>();
  // The maps with an entry per symbol or per name are in shards (lib/collections): at 20,000
  // files one Map of 176k symbols grew by rehashing them all in one task of the event loop.
  private readonly names = new ShardedMap<CodeSymbol[]>();
  private readonly byFamilyName = new ShardedMap<CodeSymbol[]>();
  readonly defaults = new Map<string, CodeSymbol>();
  /** By symbol id: a member's container name, then its container. */
  private readonly parentNames = new ShardedMap<string>();
  private readonly parents = new ShardedMap<CodeSymbol>();

  constructor(
    private readonly repo: string,
    files: ReadonlyMap<string, FileFacts>,
    built = false,
  ) {
    if (built) return;
    for (const [path, facts] of files) this.addFile(path, facts);
    for (const symbol of this.symbols) this.attachToParent(symbol, files.get(symbol.path)!);
  }

  /**
   * The same table, built giving way to the event loop between files (see Yielder). `known`: the
   * last build's byFile; a file whose facts are the same object keeps its symbol objects (a
   * 20,000-file repository has 176k: made again at every upload, they kept the garbage collector
   * busy for 100-200 ms at a time). Not Go's: a method's container may be in another file.
   */
  static async build(
    repo: string,
    files: ReadonlyMap<string, FileFacts>,
    yielder: Yielder,
    known?: ReadonlyMap<string, FileSymbols>,
  ): Promise<SymbolTable> {
    const table = new SymbolTable(repo, files, true);
    for (const [path, facts] of files) {
      const last = known?.get(path);
      const reuse = last?.facts === facts && facts.language !== "go" ? last.symbols : undefined;
      // A generated .d.ts declares tens of thousands of symbols: the clock is looked at inside a file too.
      const file = table.startFile(path, facts);
      for (let k = 0; k < facts.symbols.length; k++) {
        table.addSymbol(file, k, reuse);
        if (k % STEPS_PER_LOOK === STEPS_PER_LOOK - 1) await yielder.tick();
      }
      await yielder.tick();
    }
    for (let i = 0; i < table.symbols.length; i++) {
      const symbol = table.symbols[i]!;
      table.attachToParent(symbol, files.get(symbol.path)!);
      if (i % STEPS_PER_LOOK === 0) await yielder.tick();
    }
    return table;
  }

  private addFile(path: string, facts: FileFacts): void {
    const file = this.startFile(path, facts);
    for (let k = 0; k < facts.symbols.length; k++) this.addSymbol(file, k);
  }

  private startFile(path: string, facts: FileFacts): FileInProgress {
    const local = new Map<string, CodeSymbol>();
    this.byQualified.set(path, local);
    const mine: CodeSymbol[] = [];
    this.byFile.set(path, { facts, symbols: mine });
    return { path, facts, local, mine };
  }

  /** The file's `k`th symbol. `reuse`: the symbols made from these same facts by the last build, in the same order. */
  private addSymbol(file: FileInProgress, k: number, reuse?: CodeSymbol[]): void {
    const { path, facts, local, mine } = file;
    const fact = facts.symbols[k]!;
    const symbol = reuse?.[k] ?? this.toSymbol(path, fact, local);
    mine.push(symbol);
    local.set(fact.qualified, symbol);
    this.symbols.push(symbol);
    push(this.names, symbol.name, symbol);
    if (fact.parent !== undefined) this.parentNames.set(symbol.id, fact.parent);
    if (fact.parent === undefined) {
      push(mapOf(this.topLevel, path), symbol.name, symbol);
      const pkg = packageKey(path, facts);
      if (pkg) push(mapOf(this.packages, pkg), symbol.name, symbol);
      if (fact.isDefault) this.defaults.set(path, symbol);
    }
  }

  private toSymbol(path: string, fact: SymbolFact, local: Map<string, CodeSymbol>): CodeSymbol {
    const base = `${this.repo}:${path}#${fact.qualified}`;
    const symbol: CodeSymbol = {
      id: local.has(fact.qualified) ? `${base}@${fact.line}` : base,
      repo: this.repo,
      path,
      name: fact.name,
      kind: fact.kind,
      line: fact.line,
      end_line: fact.endLine,
      signature: fact.signature,
      exported: fact.exported,
    };
    return symbol;
  }

  /** Members point at their container; a Go method's receiver type may be in another file of the package. */
  private attachToParent(symbol: CodeSymbol, facts: FileFacts): void {
    const parentName = this.parentNames.get(symbol.id);
    if (parentName === undefined) return;
    let parent = this.byQualified.get(symbol.path)?.get(parentName);
    if (!parent && facts.language === "go") {
      parent = this.packages.get(packageKey(symbol.path, facts) ?? "")?.get(parentName)?.[0];
    }
    if (!parent) return;
    symbol.parent = parent.id;
    this.parents.set(symbol.id, parent);
    push(mapOf(this.members, parent.id), symbol.name, symbol);
  }

  parentOf(symbol: CodeSymbol): CodeSymbol | undefined {
    return this.parents.get(symbol.id);
  }

  inFile(path: string, qualified: string): CodeSymbol | undefined {
    return this.byQualified.get(path)?.get(qualified);
  }

  topLevelIn(path: string, name: string): CodeSymbol[] {
    return this.topLevel.get(path)?.get(name) ?? [];
  }

  membersOf(container: CodeSymbol, name: string): CodeSymbol[] {
    return this.members.get(container.id)?.get(name) ?? [];
  }

  /** Members named `name` of a JVM file's top-level types (what `import static` reaches). */
  membersOfTopLevel(path: string, name: string): CodeSymbol[] {
    const top = this.topLevel.get(path);
    if (!top) return [];
    const out: CodeSymbol[] = [];
    for (const symbols of top.values()) {
      for (const symbol of symbols) {
        if (this.familyOfSymbol(symbol) === "jvm") out.push(...this.membersOf(symbol, name));
      }
    }
    return out;
  }

  private familyOfSymbol(symbol: CodeSymbol): Family {
    return familyOf(this.byFile.get(symbol.path)?.facts.language ?? "");
  }

  inPackage(key: string, name: string): CodeSymbol[] {
    return this.packages.get(key)?.get(name) ?? [];
  }

  /** Every symbol of a language family with this name (memoised: common names are asked often). */
  named(name: string, family: Family): CodeSymbol[] {
    const key = `${family}\0${name}`;
    let found = this.byFamilyName.get(key);
    if (!found) {
      found = (this.names.get(name) ?? []).filter((s) => this.familyOfSymbol(s) === family);
      this.byFamilyName.set(key, found);
    }
    return found;
  }
}

/** Java/Kotlin: the declared package; Go: the directory (one package per directory). */
export function packageKey(path: string, facts: FileFacts): string | undefined {
  if (facts.language === "go") return `go:${dirOf(path)}`;
  if ((facts.language === "java" || facts.language === "kotlin") && facts.packageName !== undefined) {
    return `jvm:${facts.packageName}`;
  }
  return undefined;
}

function push<K, V>(
  map: { get(key: K): V[] | undefined; set(key: K, value: V[]): unknown },
  key: K,
  value: V,
): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function mapOf<K, V>(outer: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let inner = outer.get(key);
  if (!inner) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}
