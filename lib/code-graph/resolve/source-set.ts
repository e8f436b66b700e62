// What resolvers may know about the repository: which paths exist, the facts of each parsed file,
// and the text of the few configuration files that steer resolution.
import type { FileFacts, ImportFact } from "../facts.js";

export interface SourceSet {
  has(path: string): boolean;
  paths(): Iterable<string>;
  facts(path: string): FileFacts | undefined;
  /** Text of a configuration file (tsconfig*.json, jsconfig.json, package.json, go.mod). */
  config(path: string): string | undefined;
}

const CONFIG_NAMES = /^(tsconfig(\..+)?\.json|jsconfig\.json|package\.json|go\.mod)$/;

/** Whether the indexer must keep a file's text for the resolvers. */
export function isResolutionConfig(path: string): boolean {
  return CONFIG_NAMES.test(path.slice(path.lastIndexOf("/") + 1));
}

/** The targets an import resolved to: the module's files, and files of submodules named by bindings. */
export interface ResolvedImport {
  files: string[];
  /** local binding name → file, when the binding names a module rather than a symbol (Python). */
  submodules?: Map<string, string>;
}

export interface ImportResolver {
  resolve(from: string, fact: ImportFact): ResolvedImport | undefined;
}
