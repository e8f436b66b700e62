// `npm run bench:manifest-real`: `e2e manifest` on real apps nobody here wrote (apps.json),
// fetched at bench time from the registries (fetch.ts; cached outside the repository), each
// scanned in-process as `e2e manifest <folder>` scans it and compared with the app's own route
// table (truth.ts) where the framework runs here, else with a list read by hand. Prints recall
// and precision per app and per framework, beside the same figures on this repository's fixture
// apps (controller/test/manifest/apps, the baseline the scanners were shaped on).
// Held out: a third of the apps, chosen by a fixed hash of the name (heldOut below), are
// reported apart; no scanner change may be shaped on them.
// Not in CI: it downloads packages and takes minutes. Usage: npm run bench:manifest-real
//   [-- --only NAME,NAME] [-- --verbose] [-- --package-roots] (BENCH_REAL_CACHE sets the cache
//   folder). --package-roots: an npm app is scanned at its package's folder, as installed
//   (`node_modules/<name>`), not at the folder apps.json names.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codeGraphParser } from "../../controller/src/manifest/code-graph-parser.js";
import { scanService } from "../../controller/src/manifest/scan-service.js";
import type { ServiceManifest } from "../../controller/src/manifest/types.js";
import { loadApps, type RealApp } from "./apps.js";
import { type Route, type Score, score } from "./compare.js";
import { CACHE, fetchApp } from "./fetch.js";
import { truthRoutes } from "./truth.js";

const HERE = import.meta.dirname;
const FIXTURES = join(HERE, "../../controller/test/manifest/apps");
const argv = process.argv.slice(2);
const only = argv.includes("--only") ? new Set(argv[argv.indexOf("--only") + 1]?.split(",")) : undefined;
const verbose = argv.includes("--verbose");
const packageRoots = argv.includes("--package-roots");

/** The folder scanned: apps.json's, or with --package-roots an npm package's own folder. */
const scanRoot = (app: RealApp): string =>
  packageRoots && app.package.kind === "npm" ? join("node_modules", app.package.name) : app.root;

/** Frozen split: the first byte of sha256(name) modulo 3 is 0. Never change it. */
const heldOut = (name: string): boolean => createHash("sha256").update(name).digest()[0]! % 3 === 0;

async function scanRoutes(root: string, name: string): Promise<Route[]> {
  const { service } = await scanService({ name, root, displayRoot: ".", parser: codeGraphParser });
  return service.endpoints.map((e) => ({ method: e.method, path: e.path }));
}

interface Row {
  app: string;
  framework: string;
  held: boolean;
  score?: Score;
  error?: string;
  truthFrom: string;
  ms: number;
}

async function evaluate(app: RealApp): Promise<Row> {
  const row: Row = {
    app: app.name,
    framework: app.framework,
    held: heldOut(app.name),
    truthFrom: app.truth.kind,
    ms: 0,
  };
  try {
    const home = fetchApp(app);
    const scratch = mkdtempSync(join(tmpdir(), "bench-real-"));
    const truth = truthRoutes(app, home, scratch);
    const t0 = performance.now();
    const found = await scanRoutes(join(home, scanRoot(app)), app.name);
    row.ms = performance.now() - t0;
    row.score = score(truth, found);
  } catch (e) {
    row.error = (e as Error).message.split("\n").slice(0, 3).join(" ").slice(0, 300);
  }
  return row;
}

async function fixtureRows(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const dir of readdirSync(FIXTURES)) {
    const expected = JSON.parse(
      readFileSync(join(FIXTURES, dir, "expected.json"), "utf8"),
    ) as ServiceManifest;
    const found = await scanRoutes(join(FIXTURES, dir), dir);
    const framework = expected.frameworks.join("+");
    rows.push({
      app: dir,
      framework,
      held: false,
      truthFrom: "expected.json",
      ms: 0,
      score: score(expected.endpoints, found),
    });
  }
  return rows;
}

const f2 = (x: number): string => x.toFixed(2);

function byFramework(rows: Row[]): string[] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(r.framework, [...(groups.get(r.framework) ?? []), r]);
  const lines = [
    "| framework | apps | routes (truth) | recall | precision | apps ≥ 0.95 both | apps at 0 |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const [fw, rs] of [...groups].sort()) {
    const s = rs.flatMap((r) => (r.score ? [r.score] : []));
    const truth = s.reduce((a, x) => a + x.truth, 0);
    const found = s.reduce((a, x) => a + x.found, 0);
    const recall = truth ? s.reduce((a, x) => a + x.recalled, 0) / truth : 1;
    const precision = found ? s.reduce((a, x) => a + x.correct, 0) / found : truth ? 0 : 1;
    const good = s.filter((x) => x.recall >= 0.95 && x.precision >= 0.95).length;
    const zero = rs.filter((r) => !r.score || r.score.recall === 0).length;
    lines.push(`| ${fw} | ${rs.length} | ${truth} | ${f2(recall)} | ${f2(precision)} | ${good} | ${zero} |`);
  }
  return lines;
}

function perApp(rows: Row[]): string[] {
  const lines = [
    "| app | framework | truth from | routes | found | recall | precision | scan ms |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    const s = r.score;
    lines.push(
      s
        ? `| ${r.app} | ${r.framework} | ${r.truthFrom} | ${s.truth} | ${s.found} | ${f2(s.recall)} | ${f2(s.precision)} | ${Math.round(r.ms)} |`
        : `| ${r.app} | ${r.framework} | ${r.truthFrom} | – | – | error | error | – (${r.error}) |`,
    );
  }
  return lines;
}

mkdirSync(CACHE, { recursive: true });
const apps = loadApps(join(HERE, "apps.json")).filter((a) => !only || only.has(a.name));
const rows: Row[] = [];
for (const app of apps) {
  const row = await evaluate(app);
  rows.push(row);
  const s = row.score;
  console.error(
    `${app.name}: ${s ? `recall ${f2(s.recall)} precision ${f2(s.precision)} (${s.truth} routes)` : row.error}`,
  );
  // Misses are printed for open apps only: nobody looks into a held-out app's.
  if (verbose && s && !row.held)
    for (const k of [...s.missed.map((m) => `  missed ${m}`), ...s.extra.map((x) => `  extra  ${x}`)])
      console.error(k);
}
const open = rows.filter((r) => !r.held);
const held = rows.filter((r) => r.held);
const fixtures = await fixtureRows();
console.log(
  [
    `## Real apps, open (${open.length}): scanner changes may be shaped on these`,
    ...perApp(open),
    "",
    `## Real apps, held out (${held.length}): sha256(name)[0] % 3 == 0, never used to shape the scanners`,
    ...perApp(held),
    "",
    "## Per framework: open real apps",
    ...byFramework(open),
    "",
    "## Per framework: held-out real apps",
    ...byFramework(held),
    "",
    "## Per framework: every real app",
    ...byFramework(rows),
    "",
    "## Baseline: this repository's fixture apps (controller/test/manifest/apps, expected.json)",
    ...byFramework(fixtures),
  ].join("\n"),
);
