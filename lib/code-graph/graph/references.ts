// Resolves a reference to the symbols it may mean, with SPEC §4's confidences: through an import
// 1.0 (also the language's own scope rules across files: same Java package, same Go package),
// same file 0.9, a unique name elsewhere in the repository 0.6, an ambiguous name 0.6 split
// evenly among its candidates (more than MAX_CANDIDATES candidates: no edge, it says nothing).
import type { FileFacts, ReferenceFact } from "../facts.js";
import type { CodeSymbol } from "../model.js";
import { isBuiltinMethodName } from "./builtin-methods.js";
import type { FileScope } from "./scopes.js";
import { type Family, familyOf, packageKey, type SymbolTable } from "./symbol-table.js";

export const CONFIDENCE = { import: 1, sameFile: 0.9, elsewhere: 0.6 } as const;
export const MAX_CANDIDATES = 8;
const MAX_REEXPORT_DEPTH = 6;
const SELF = new Set(["this", "self", "cls", "super"]);

export interface Resolution {
  symbol: CodeSymbol;
  confidence: number;
}

/** A long named() list counted once: methods and outer symbols, in all and per file. */
interface NameCounts {
  methods: number;
  methodsIn: Map<string, number>;
  /** Top-level symbols (for the JVM, every symbol: see unqualified()). */
  outer: number;
  outerIn: Map<string, number>;
}

export class ReferenceResolver {
  constructor(
    private readonly table: SymbolTable,
    private readonly scopes: ReadonlyMap<string, FileScope>,
  ) {}

  /**
   * exported()'s answers that followed re-exports, for this build (the table and scopes do not
   * change under it): barrels re-exporting barrels made one reference walk the same modules over
   * and over, 60 ms in one task at 20,000 files (issue 25 point 5). Keyed by depth too, so the
   * answers are exactly those of the walk (its depth cap included).
   */
  readonly #viaReexports = new Map<string, CodeSymbol[]>();
  /**
   * Counts of the named() lists longer than MAX_CANDIDATES, for this build. A reference to a
   * common name ("get", "push") has hundreds to thousands of candidates and resolves to nothing;
   * filtering the whole list for every such reference made most of the code graph's garbage
   * (about a GB of arrays for 8,000 files, issue 25 point 5). The counts answer "too many" first.
   */
  readonly #counts = new Map<CodeSymbol[], NameCounts>();

  resolve(path: string, facts: FileFacts, ref: ReferenceFact): Resolution[] {
    const scope = this.scopes.get(path);
    const from = ref.from === undefined ? undefined : this.table.inFile(path, ref.from);
    if (ref.member) return this.byMemberName(path, facts, ref.name);
    if (ref.qualifier !== undefined) return this.qualified(path, facts, scope, from, ref.qualifier, ref.name);
    return this.unqualified(path, facts, scope, from, ref);
  }

  /** A name as the module in `file` exports it, following re-exports. */
  exported(file: string, name: string, depth = 0): CodeSymbol[] {
    if (depth > MAX_REEXPORT_DEPTH) return [];
    if (name === "default") {
      const symbol = this.table.defaults.get(file);
      if (symbol) return [symbol];
    }
    const own = this.table.topLevelIn(file, name);
    if (own.length > 0) return own;
    // Java `import static a.b.C.NAME`: the name is a member of the file's top-level type.
    const statics = this.table.membersOfTopLevel(file, name);
    if (statics.length > 0) return statics;
    const reexports = this.scopes.get(file)?.reexports;
    if (!reexports?.length) return [];
    const key = `${depth}\0${file}\0${name}`;
    let found = this.#viaReexports.get(key);
    if (!found) {
      found = this.#throughReexports(file, name, depth, reexports);
      this.#viaReexports.set(key, found);
    }
    return found;
  }

  #throughReexports(
    file: string,
    name: string,
    depth: number,
    reexports: FileScope["reexports"],
  ): CodeSymbol[] {
    for (const reexport of reexports) {
      const binding = reexport.bindings.find((b) => b.local === name);
      const target = binding ? binding.imported : reexport.wildcard && name !== "default" ? name : undefined;
      if (target === undefined || target === "*") continue;
      const found = reexport.files.flatMap((f) => (f === file ? [] : this.exported(f, target, depth + 1)));
      if (found.length > 0) return found;
    }
    return [];
  }

  private qualified(
    path: string,
    facts: FileFacts,
    scope: FileScope | undefined,
    from: CodeSymbol | undefined,
    qualifier: string,
    name: string,
  ): Resolution[] {
    if (SELF.has(qualifier)) {
      const container = from ? this.container(from) : undefined;
      const members = container ? this.table.membersOf(container, name) : [];
      if (members.length > 0) return split(members, CONFIDENCE.sameFile);
      return this.byMemberName(path, facts, name);
    }
    const binding = scope?.bindings.get(qualifier);
    if (binding) {
      const found =
        binding.imported === "*"
          ? binding.files.flatMap((f) => this.exported(f, name))
          : binding.files
              .flatMap((f) => this.exported(f, binding.imported))
              .flatMap((container) => this.table.membersOf(container, name));
      if (found.length > 0) return split(found, CONFIDENCE.import);
    }
    const localContainers = this.table.topLevelIn(path, qualifier);
    const localMembers = localContainers.flatMap((c) => this.table.membersOf(c, name));
    if (localMembers.length > 0) return split(localMembers, CONFIDENCE.sameFile);
    const pkg = packageKey(path, facts);
    const packageMembers = pkg
      ? this.table.inPackage(pkg, qualifier).flatMap((c) => this.table.membersOf(c, name))
      : [];
    if (packageMembers.length > 0) return split(packageMembers, CONFIDENCE.import);
    if (binding) return []; // a module we resolved, a name it does not have: not worth guessing
    return this.byMemberName(path, facts, name);
  }

  private unqualified(
    path: string,
    facts: FileFacts,
    scope: FileScope | undefined,
    from: CodeSymbol | undefined,
    ref: ReferenceFact,
  ): Resolution[] {
    const name = ref.name;
    const binding = scope?.bindings.get(name);
    if (binding && binding.imported !== "*") {
      const found = binding.files.flatMap((f) => this.exported(f, binding.imported));
      if (found.length > 0) return split(found, CONFIDENCE.import);
    }
    // Only Java and Kotlin reach members without `this.`; Python needs `self.`, JS `this.`.
    const implicitThis = familyOf(facts.language) === "jvm";
    for (let c = implicitThis && from ? this.container(from) : undefined; c; c = this.table.parentOf(c)) {
      const members = this.table.membersOf(c, name);
      if (members.length > 0) return split(members, CONFIDENCE.sameFile);
    }
    const local = this.table.topLevelIn(path, name);
    if (local.length > 0) return split(local, CONFIDENCE.sameFile);
    const pkg = packageKey(path, facts);
    const inPackage = pkg ? this.table.inPackage(pkg, name) : [];
    if (inPackage.length > 0) return split(inPackage, CONFIDENCE.import);
    const viaWildcard = (scope?.wildcards ?? []).flatMap((f) => this.exported(f, name));
    if (viaWildcard.length > 0) return split(viaWildcard, CONFIDENCE.import);
    if (binding || ref.value) return [];
    const family = familyOf(facts.language);
    const named = this.table.named(name, family);
    if (named.length > MAX_CANDIDATES) {
      const counts = this.#countsOf(named, family);
      if (counts.outer - (counts.outerIn.get(path) ?? 0) > MAX_CANDIDATES) return [];
    }
    const elsewhere = named.filter((s) => s.path !== path && (s.parent === undefined || family === "jvm"));
    return split(elsewhere, CONFIDENCE.elsewhere);
  }

  /** `obj.name()` with an unknown `obj`: a method of that name in this file, else anywhere. */
  private byMemberName(path: string, facts: FileFacts, name: string): Resolution[] {
    const family = familyOf(facts.language);
    if (isBuiltinMethodName(family, name)) return [];
    const named = this.table.named(name, family);
    if (named.length > MAX_CANDIDATES) {
      const counts = this.#countsOf(named, family);
      const local = counts.methodsIn.get(path) ?? 0;
      if (local > MAX_CANDIDATES || (local === 0 && counts.methods > MAX_CANDIDATES)) return [];
    }
    const methods = named.filter((s) => s.kind === "method");
    const local = methods.filter((s) => s.path === path);
    if (local.length > 0) return split(local, CONFIDENCE.sameFile);
    return split(methods, CONFIDENCE.elsewhere);
  }

  #countsOf(named: CodeSymbol[], family: Family): NameCounts {
    let counts = this.#counts.get(named);
    if (counts) return counts;
    counts = { methods: 0, methodsIn: new Map(), outer: 0, outerIn: new Map() };
    for (const s of named) {
      if (s.kind === "method") {
        counts.methods++;
        counts.methodsIn.set(s.path, (counts.methodsIn.get(s.path) ?? 0) + 1);
      }
      if (s.parent === undefined || family === "jvm") {
        counts.outer++;
        counts.outerIn.set(s.path, (counts.outerIn.get(s.path) ?? 0) + 1);
      }
    }
    this.#counts.set(named, counts);
    return counts;
  }

  /** The class/interface a symbol sits in (itself when it is one). */
  private container(symbol: CodeSymbol): CodeSymbol | undefined {
    if (symbol.kind === "class" || symbol.kind === "interface" || symbol.kind === "enum") return symbol;
    return this.table.parentOf(symbol);
  }
}

function split(candidates: CodeSymbol[], confidence: number): Resolution[] {
  const unique = [...new Set(candidates)];
  if (unique.length === 0 || unique.length > MAX_CANDIDATES) return [];
  const share = Math.round((confidence / unique.length) * 1000) / 1000;
  return unique.map((symbol) => ({ symbol, confidence: share }));
}
