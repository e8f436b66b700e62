// Indexes a folder (a fixture project or this repository) and answers the questions tests ask.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { type CodeEdge, CodeIndexer, type CodeSymbol, type FileChange } from "../../index.js";

export const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

export function readTree(root: string): FileChange[] {
  const out: FileChange[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        out.push({ path: relative(root, full).split("\\").join("/"), content: readFileSync(full, "utf8") });
    }
  };
  walk(root);
  return out;
}

export async function indexFixture(name: string): Promise<FixtureGraph> {
  const indexer = new CodeIndexer({ repo: name });
  await indexer.update(readTree(join(FIXTURES, name)));
  return new FixtureGraph(indexer);
}

export class FixtureGraph {
  constructor(readonly indexer: CodeIndexer) {}

  get repo(): string {
    return this.indexer.repo;
  }

  get graph() {
    return this.indexer.graph();
  }

  file(path: string) {
    return this.graph.files.find((f) => f.path === path);
  }

  /** The symbol `path#qualified`; throws with the file's symbols listed when it is missing. */
  symbol(path: string, qualified: string): CodeSymbol {
    const id = `${this.repo}:${path}#${qualified}`;
    const found = this.graph.symbols.find((s) => s.id === id);
    if (!found) {
      const known = this.graph.symbols.filter((s) => s.path === path).map((s) => s.id);
      throw new Error(`no symbol ${id}; the file has: ${known.join(", ") || "none"}`);
    }
    return found;
  }

  symbolsIn(path: string): CodeSymbol[] {
    return this.graph.symbols.filter((s) => s.path === path);
  }

  fileId(path: string): string {
    return `${this.repo}:${path}`;
  }

  symbolId(path: string, qualified: string): string {
    return `${this.repo}:${path}#${qualified}`;
  }

  edges(type: CodeEdge["type"], from?: string): CodeEdge[] {
    return this.graph.edges.filter((e) => e.type === type && (from === undefined || e.from === from));
  }

  /** Files a file imports (paths). */
  importsOf(path: string): string[] {
    return this.edges("IMPORTS", this.fileId(path))
      .map((e) => e.to.slice(this.repo.length + 1))
      .sort();
  }

  testedBy(path: string): string[] {
    return this.edges("TESTS", this.fileId(path))
      .map((e) => e.to.slice(this.repo.length + 1))
      .sort();
  }

  /** REFERENCES out of a symbol as `targetId → confidence`. */
  referencesFrom(path: string, qualified: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const edge of this.edges("REFERENCES", this.symbolId(path, qualified))) {
      if (edge.type === "REFERENCES") out[edge.to.slice(this.repo.length + 1)] = edge.confidence;
    }
    return out;
  }
}
