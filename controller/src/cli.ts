// The `e2e` command: commander wiring only. Each command's code is imported when it runs, so
// `e2e --help` loads nothing but commander.

import { Command, CommanderError, Option } from "commander";
import { packageVersion } from "./cli/package-version.js";
import { EXIT_CODES, exitCodeOfError, UsageError } from "./errors/index.js";

const list = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean),
];

const program = new Command("e2e")
  .description("End-to-end API tests of the services named in e2e.conf")
  .version(packageVersion(), "-V, --version")
  .showHelpAfterError("(run with --help for usage)")
  .exitOverride();

program
  .command("init")
  .description(
    "write e2e.conf and a suite for your service (plus package.json and tsconfig.json when absent)",
  )
  .argument("[path]", "project folder", ".")
  .option("--name <name>", "the service's name (services/<name>/)", "api")
  .option("--base-url <url>", "where the service answers", "http://127.0.0.1:8080")
  .option("--health <path>", "its health path; the example module expects a 2xx there", "/health")
  .option("--force", "overwrite the suite's existing files")
  .action(async (path: string, opts: { force?: boolean; name: string; baseUrl: string; health: string }) => {
    const { initCommand } = await import("./cli/init.js");
    process.exitCode = await initCommand(path, opts);
  });

program
  .command("run")
  .description("run the scenario modules of every configured service")
  .option(
    "-c, --config <path>",
    "e2e.conf to use (default: E2E_CONFIG_PATH, ./e2e.conf, ./config, ./tests, user default)",
  )
  .option("-s, --service <names>", "only these services (comma list, repeatable)", list)
  .option(
    "-m, --module <names>",
    "only these modules, e.g. 01_health or auth/01_health (comma list, repeatable)",
    list,
  )
  .option("-t, --tag <tags>", "only modules with one of these tags (comma list, repeatable)", list)
  .option("--exclude-tag <tags>", "leave out modules with one of these tags (comma list, repeatable)", list)
  .option("-g, --grep <pattern>", "only modules whose service/module matches this regular expression")
  .option(
    "-r, --reporter <names>",
    "console, json, junit, html or a reporter module's path (comma list; overrides reporting.format)",
    list,
  )
  .option("--report-dir <dir>", "where file reports go (default: reporting.log_dir)")
  .option(
    "--shard <i/n>",
    "run part i of n of the selected modules (whole services, or modules of parallel services)",
  )
  .option("--retries <n>", "run a failed module up to n more times (passing later = flaky)", "0")
  .option("--bail", "stop after the first failed module")
  .option("-w, --workers <n>", "services run in parallel, and the modules of a `parallel: true` service", "1")
  .option("-l, --list", "print the selected modules and exit without starting anything")
  .addOption(new Option("--no-start", "never start services; only check that they are healthy"))
  .option("--keep", "leave started services running after the run")
  .option("--reuse", "reuse healthy services a previous --keep run left running")
  .option(
    "-v, --verbose",
    "also show filtered-out modules, error stacks, and the log lines general.verbose: false hides",
  )
  .action(async (opts: Record<string, unknown>) => {
    const { runCommand } = await import("./cli/run.js");
    process.exitCode = await runCommand(opts);
  });

program
  .command("merge-reports")
  .description("merge the JSON reports of the shards of one suite (--shard i/n) into one set of reports")
  .argument("<reports...>", "report folders (holding e2e-report.json) or files")
  .option("-c, --config <path>", "e2e.conf of the suite (same search as run)")
  .option(
    "-r, --reporter <names>",
    "console, json, junit, html or a reporter module's path (comma list)",
    list,
  )
  .option("--report-dir <dir>", "where file reports go (default: reporting.log_dir)")
  .action(async (reports: string[], opts: Record<string, unknown>) => {
    const { mergeReportsCommand } = await import("./cli/merge-reports.js");
    process.exitCode = await mergeReportsCommand(reports, opts);
  });

program
  .command("manifest")
  .description("scan an API's source code and write the manifest of its endpoints, DTOs and types")
  .argument("[path]", "the API's source folder (default: every service's maven_module in e2e.conf, else .)")
  .option("-s, --service <name>", "only this configured service; with a path, the name to give it")
  .option(
    "-o, --out <file>",
    "the JSON file to write (default: .e2e/manifest.json beside e2e.conf or in the path)",
  )
  .option("--check", "write nothing; exit 1 when the manifest on disk is stale (for CI)")
  .option("--strict", "exit 1 when a service has no endpoint (recommended in CI)")
  .option("-c, --config <path>", "e2e.conf to use (same search as run)")
  .action(async (path: string | undefined, opts: Record<string, unknown>) => {
    const { manifestCommand } = await import("./cli/manifest.js");
    process.exitCode = await manifestCommand(path, opts);
  });

program
  .command("search")
  .description(
    "find endpoints, DTOs, fields, page methods and modules for a plain-language query (hybrid lexical + vector)",
  )
  .argument("<query...>", 'what you are looking for, e.g. "stop following someone"')
  .option("-s, --service <name>", "only this service's items")
  .option("-m, --manifest <file>", "the manifest to search (default: .e2e/manifest.json of the project)")
  .option("-k <n>", "how many hits (1..100)", "10")
  .option("--json", "print the hits as JSON: [{kind, method?, path?, name?, file, line, score, …}]")
  .option("-c, --config <path>", "e2e.conf whose project to search (same search as run)")
  .action(async (words: string[], opts: Record<string, unknown>) => {
    const { searchCommand } = await import("./cli/search.js");
    process.exitCode = await searchCommand(words.join(" "), opts);
  });

program
  .command("generate-tests")
  .description("write a typed page, the DTO types and test modules for a service from the manifest")
  .requiredOption("-s, --service <name>", "the service of the manifest to generate for")
  .option(
    "--manifest <file>",
    "the manifest to read (default: .e2e/manifest.json beside e2e.conf; scanned when absent)",
  )
  .option("-o, --out <dir>", "where the suite goes (default: services/<name>/ beside e2e.conf)")
  .option("--force", "also replace files changed since they were generated")
  .option("--dry-run", "list what would be written, write nothing")
  .option("-c, --config <path>", "e2e.conf to use (same search as run)")
  .action(async (opts: Record<string, unknown>) => {
    const { generateTestsCommand } = await import("./cli/generate-tests.js");
    process.exitCode = await generateTestsCommand(opts);
  });

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (!(err instanceof CommanderError)) throw err;
  // Help and version are not errors; every other command-line problem is a usage error, mapped
  // like any command's (commander has printed the message already).
  process.exitCode =
    err.code === "commander.helpDisplayed" || err.code === "commander.version"
      ? EXIT_CODES.ok
      : exitCodeOfError(new UsageError(err.message));
}
