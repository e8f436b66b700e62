// What kind of file a path is, for the agent-context ranking (issue 21 §4): code, test, docs, or
// build and packaging. Only the kind is decided here, by name; what a kind is worth for an issue
// is not: its weight, and how much the issue being about docs or packaging lifts it, are fitted
// on real histories (fitted-ranker.ts, bench/context/fit-ranker.ts).
import { inTestFolder, isTestFile } from "../../../../../lib/code-graph/index.js";

export type FileKind = "code" | "test" | "docs" | "build";

const DOC_EXTENSIONS = /\.(md|mdx|markdown|rst|txt|adoc|asciidoc)$/i;
const DOC_NAMES = /^(readme|changelog|changes|history|news|contributing|authors|license|copying)(\.|$)/i;
const DOC_FOLDERS = /(^|\/)(docs?|documentation|man)\//;

/** Manifests, build scripts, container and CI files: what packaging or build issues change. */
const BUILD_NAMES =
  /^(package\.json|tsconfig(\.[\w-]+)?\.json|jsconfig\.json|biome\.jsonc?|\.npmignore|\.dockerignore|\.nvmrc|Dockerfile(\.[\w-]+)?|[\w-]*\.dockerfile|docker-compose(\.[\w-]+)?\.ya?ml|compose\.ya?ml|Makefile|GNUmakefile|[\w-]+\.mk|CMakeLists\.txt|setup\.py|setup\.cfg|pyproject\.toml|requirements([\w.-]*)\.txt|MANIFEST\.in|tox\.ini|noxfile\.py|Pipfile|Cargo\.toml|go\.mod|pom\.xml|build\.gradle(\.kts)?|settings\.gradle(\.kts)?|Gemfile|[\w-]+\.gemspec|Rakefile|composer\.json|\.gitlab-ci\.yml|\.travis\.yml|appveyor\.yml|Jenkinsfile|vitest\.config\.[cm]?[jt]s|vite\.config\.[cm]?[jt]s|webpack\.config\.[cm]?js|rollup\.config\.[cm]?js|eslint\.config\.[cm]?js|\.eslintrc(\.\w+)?|knip\.jsonc?|\.dependency-cruiser\.c?js)$/;
const BUILD_FOLDERS = /(^|\/)(\.github\/workflows|\.circleci|\.ci|\.buildkite|debian)\//;

export function fileKind(path: string): FileKind {
  if (isTestFile(path) || inTestFolder(path)) return "test";
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (BUILD_NAMES.test(name) || BUILD_FOLDERS.test(path)) return "build";
  if (DOC_EXTENSIONS.test(name) || DOC_NAMES.test(name) || DOC_FOLDERS.test(path)) return "docs";
  return "code";
}
