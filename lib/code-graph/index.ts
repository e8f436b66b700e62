// Parsing and code-graph extraction shared by the task-graph service (code graph, agent context)
// and the controller's `e2e manifest`. See README.md.

export { pathProblem } from "./canonical-path.js";
export { diffGraphs } from "./delta.js";
export { countLines, extractFacts } from "./extract/index.js";
export type { FileFacts, ImportBinding, ImportFact, ReferenceFact, SymbolFact } from "./facts.js";
export { CONFIDENCE, MAX_CANDIDATES } from "./graph/references.js";
export { inTestFolder, isTestFile } from "./graph/test-files.js";
export { contentHash } from "./hash.js";
export {
  CodeIndexer,
  type FactExtractor,
  type FileChange,
  type IndexerOptions,
  type UpdateStats,
} from "./indexer.js";
export {
  grammarPath,
  isLanguageId,
  LANGUAGES,
  type LanguageId,
  languageOf,
  runtimePath,
  WASM_DIR_ENV,
} from "./languages.js";
export {
  type CodeEdge,
  type CodeFile,
  type CodeGraph,
  type CodeSymbol,
  type EdgeType,
  edgeKey,
  type FileLanguage,
  fileId,
  type GraphDelta,
  isEmptyDelta,
  type SymbolKind,
} from "./model.js";
export {
  compileQuery,
  type Language,
  loadLanguage,
  type Node,
  type Parser,
  parse,
  parserFor,
  type Query,
  type Tree,
  withTree,
} from "./parser.js";
export {
  type GoReceiver,
  type GoTypeSpec,
  type GoValueSpec,
  readGoReceiver,
  readGoTypeSpecs,
  readGoValueSpecs,
} from "./syntax/go-declaration-syntax.js";
export { readGoImports } from "./syntax/go-import-syntax.js";
export { readGoPackage } from "./syntax/go-package-syntax.js";
export { type JavaTypeKind, javaTypeKind, readJavaPackage } from "./syntax/java-declaration-syntax.js";
export { readJavaImport } from "./syntax/java-import-syntax.js";
export {
  hasJavaModifier,
  type JavaDeclarator,
  type JavaMember,
  type JavaMemberKind,
  javaModifiers,
  readJavaMembers,
} from "./syntax/java-member-syntax.js";
export { type CommonJsExport, readCommonJsExport } from "./syntax/js-commonjs-syntax.js";
export {
  hasKeyword,
  isPrivateMember,
  JS_FUNCTION_VALUES,
  type JsClassMember,
  type JsDeclarator,
  type JsMemberKind,
  readClassMember,
  readDeclarators,
} from "./syntax/js-declaration-syntax.js";
export { type ModuleCall, readModuleCall } from "./syntax/js-module-call-syntax.js";
export {
  type EsExport,
  jsStringText,
  readEsImport,
  readExportList,
  readExportStatement,
  unescapeJs,
} from "./syntax/js-module-syntax.js";
export {
  type KotlinDeclaration,
  type KotlinDeclarationKind,
  readKotlinDeclaration,
} from "./syntax/kotlin-declaration-syntax.js";
export { readKotlinImport } from "./syntax/kotlin-import-syntax.js";
export { readKotlinPackage } from "./syntax/kotlin-package-syntax.js";
export { type PythonAssignment, readPythonAssignment } from "./syntax/python-assignment-syntax.js";
export {
  type PythonDefinition,
  readPythonBases,
  readPythonDefinition,
} from "./syntax/python-definition-syntax.js";
export { readPythonImport } from "./syntax/python-import-syntax.js";
export {
  readTsTypeDeclaration,
  type TsTypeDeclaration,
  type TsTypeDeclarationKind,
} from "./syntax/ts-type-syntax.js";
export { JobTimeoutError, WorkerExtractor, WorkerPool, type WorkerPoolOptions } from "./worker-pool.js";
