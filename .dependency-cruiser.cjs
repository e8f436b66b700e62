// Import rules, checked by `npm run lint` (depcruise). The README's "How the code is laid out"
// explains them; infra/test/import-rules.test.ts shows each kind is caught.
//
// A module is a folder with an index.ts that other folders import it through:
//   controller/src/<part> (but cli/, which only cli.ts wires), lib/<package> (but lib/net and
//   lib/testing), services/<svc>/src/adapters/<adapter>.
// Tests, harness/ and benchmarks may reach a module's internals (white-box), but not the other way
// round and not across the boundaries the rules below name.

/**
 * Tests, benchmarks, and harness/ (what starts a part in-process for both: a service with its
 * embedded adapters, a page with fast defaults). They may use internals; shipped code never uses them.
 */
const TEST_OR_BENCH = "(^|/)(test|fixtures|harness)/|^bench/";
const CONTROLLER_PART = "^controller/src/([^/]+)/";
// The public faces: a module's index.ts, and the package entry pages import as "gantry".
const MODULES = "^(controller/src/[^/]+|lib/[^/]+|services/[^/]+/src/adapters/[^/]+)/";
// lib/net and lib/testing are folders of independent one-job files with no index.ts on purpose:
// a barrel would make a test that needs free-port also load Playwright-free fuzzers and parsers.
const NO_BARREL = "^lib/(net|testing)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules load in one order. Type imports count too (the swc parser does not tell them apart).",
      from: {},
      to: { circular: true },
    },
    {
      name: "through-index-only",
      severity: "error",
      comment:
        "Another module's files are its internals: import it through its index.ts (add the export there).",
      // $1 is the importer's own module (or, for a file outside any module, a prefix no module has).
      from: { path: `${MODULES}|^((?:services/[^/]+/src|controller/src)/[^/]+)`, pathNot: TEST_OR_BENCH },
      to: {
        path: MODULES,
        pathNot: ["^$1/", "^$2/", `${MODULES}index\\.ts$`, NO_BARREL, "^controller/src/cli/"],
      },
    },
    {
      name: "cli-is-the-top",
      severity: "error",
      comment: "controller/src/cli/* are the commands: only cli.ts (and tests) wire them.",
      from: { path: "^controller/src/", pathNot: ["^controller/src/cli(\\.ts$|/)", TEST_OR_BENCH] },
      to: { path: "^controller/src/cli/" },
    },
    {
      name: "config-is-the-bottom",
      severity: "error",
      comment:
        "Every part reads the config; the config depends on no other part of the controller (but errors/, whose kinds its errors are).",
      from: { path: "^controller/src/config/" },
      to: { path: CONTROLLER_PART, pathNot: "^controller/src/(config|time|errors)/" },
    },
    {
      name: "errors-is-a-leaf",
      severity: "error",
      comment:
        "One error type per exit code, imported by every part (config/ included): it imports nothing of the controller.",
      from: { path: "^controller/src/errors/" },
      to: { path: CONTROLLER_PART, pathNot: "^controller/src/errors/" },
    },
    {
      name: "time-is-a-leaf",
      severity: "error",
      comment: "The clock and poller are used by every wait and use nothing of the controller.",
      from: { path: "^controller/src/time/" },
      to: { path: CONTROLLER_PART, pathNot: "^controller/src/time/" },
    },
    {
      name: "http-not-to-report-runner-lifecycle",
      severity: "error",
      comment: "BasePage (what pages use) knows nothing of how runs are booted, run or reported.",
      from: { path: "^controller/src/http/" },
      to: { path: "^controller/src/(report|runner|lifecycle|discovery)/" },
    },
    {
      name: "runner-not-to-report",
      severity: "error",
      comment:
        "The runner defines the Reporter interface and the run model; report/ implements them and the CLI hands the reporters in.",
      from: { path: "^controller/src/runner/" },
      to: { path: "^controller/src/report/" },
    },
    {
      name: "lifecycle-not-to-runner-report-http",
      severity: "error",
      comment: "Booting services is below the runner: it knows nothing of runs, reports or pages.",
      from: { path: "^controller/src/lifecycle/" },
      to: { path: "^controller/src/(runner|report|http|discovery)/" },
    },
    {
      name: "controller-not-to-infra-services-bench",
      severity: "error",
      comment:
        "The controller is a published package: it cannot depend on this repository's infra, services or benchmarks.",
      from: { path: "^controller/(src|bin|build)/" },
      to: { path: "^(infra|services|bench)/" },
    },
    {
      name: "lib-not-to-controller-services",
      severity: "error",
      comment: "lib/ is shared by the controller and the services, so it depends on neither.",
      from: { path: "^lib/" },
      to: { path: "^(controller|services|infra|bench)/" },
    },
    {
      name: "scenarios-not-to-service-src",
      severity: "error",
      comment:
        "Scenario modules and pages test a service from outside, over HTTP, as a user's suite does: never its source.",
      from: { path: "^services/[^/]+/(modules/|page\\.ts$)" },
      to: { path: "^services/[^/]+/src/" },
    },
    {
      name: "scenarios-through-gantry",
      severity: "error",
      comment: 'Scenario modules and pages use the controller as a user does: only the "gantry" entry.',
      from: { path: "^services/[^/]+/(modules/|page\\.ts$)" },
      to: { path: "^controller/", pathNot: "^controller/src/index\\.ts$" },
    },
    {
      name: "service-tests-through-gantry",
      severity: "error",
      comment: 'A service\'s tests use the controller only through its public "gantry" entry.',
      from: { path: "^services/[^/]+/test/" },
      to: { path: "^controller/", pathNot: "^controller/src/index\\.ts$" },
    },
    {
      name: "service-not-to-other-service",
      severity: "error",
      comment: "Services share code through lib/, never by importing each other.",
      from: { path: "^services/([^/]+)/" },
      to: { path: "^services/", pathNot: "^services/$1/" },
    },
    {
      name: "service-src-not-to-controller",
      severity: "error",
      comment: "A service runs on its own (its image holds no controller).",
      from: { path: "^services/[^/]+/src/" },
      to: { path: "^(controller|bench|infra)/" },
    },
    {
      name: "bench-not-to-tests",
      severity: "error",
      comment: "Benchmarks measure the code, not the tests: what both need lives in harness/ or lib/testing.",
      from: { path: "^bench/" },
      to: { path: "(^|/)test/" },
    },
    {
      name: "src-not-to-tests-or-bench",
      severity: "error",
      comment: "Shipped code never loads test or benchmark code.",
      from: { path: "^(controller|lib|services)/", pathNot: TEST_OR_BENCH },
      to: { path: TEST_OR_BENCH },
    },
    {
      name: "task-graph-domain-not-to-routes-adapters",
      severity: "error",
      comment:
        "The domain speaks to ports; HTTP (routes) and backends (adapters) depend on it, not the reverse.",
      from: { path: "^services/task-graph/src/domain/" },
      to: { path: "^services/task-graph/src/(routes|adapters|app\\.ts|server\\.ts|index\\.ts)" },
    },
    {
      name: "task-graph-ports-are-interfaces",
      severity: "error",
      comment: "Ports are the interfaces domain and adapters meet on; they import neither.",
      from: { path: "^services/task-graph/src/ports/" },
      to: { path: "^services/task-graph/src/(domain|routes|adapters)/" },
    },
    {
      name: "task-graph-adapters-not-to-domain-routes",
      severity: "error",
      comment: "An adapter implements a port; it knows nothing of the domain or HTTP.",
      from: { path: "^services/task-graph/src/adapters/" },
      to: { path: "^services/task-graph/src/(domain|routes)/" },
    },
    {
      name: "task-graph-routes-not-to-adapters",
      severity: "error",
      comment: "Routes call the domain; the adapters are chosen once, in adapters/select.ts.",
      from: { path: "^services/task-graph/src/routes/" },
      to: { path: "^services/task-graph/src/adapters/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment:
        "An import that resolves to no file. Except the sentence encoder the e2e-search benchmark measures: installed by hand (--no-save) only for that (bench/e2e-search/README.md).",
      from: {},
      to: { couldNotResolve: true, pathNot: "^@energetic-ai/" },
    },
  ],
  options: {
    // TypeScript 7 (the native compiler) has no JS API; swc parses the sources instead.
    parser: "swc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // controller/test/manifest/apps/ holds sample APIs that `e2e manifest` scans as text; their
    // frameworks are not installed here.
    // services/task-graph/board/src is the board's browser code (TSX, which the swc parser here
    // does not read); it imports only its own files and npm packages, and esbuild bundles it apart.
    exclude: { path: "(^|/)(node_modules|dist|fixtures)/|^controller/test/manifest/apps/|^services/task-graph/board/src/" },
    enhancedResolveOptions: {
      // "gantry" (a page's import) resolves to the package's own source entry.
      exportsFields: ["exports"],
      conditionNames: ["source", "import", "require", "node", "default"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".json"],
    },
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
  },
};
