// Parsing and code-graph extraction shared by the task-graph service (code graph, agent context)
// and the controller's `e2e manifest`. See README.md.
export {
  grammarPath,
  isLanguageId,
  LANGUAGES,
  type LanguageId,
  languageOf,
} from "./languages.js";
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
