// `npm run bench:e2e-search-merge -- --batch N [--check] FILE…`: adds a blind
// writers' batch of real-app queries to real-apps.json. Each FILE is the writers' format,
// {"apps":[{"name","queries":[{id,query,expected}]}],"notes"}; an app's package and scanned folder
// come from bench/manifest-real/apps.json (by name), so the writers only name the app. Every
// expected endpoint is checked against the app's scan (as `e2e manifest <root>` scans it) first:
// the merge writes nothing while a query expects a route the scan has not (`--check` only prints
// them). Queries are never edited: ids gain a `bN-` prefix when they lack one, nothing else.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codeGraphParser } from "../../controller/src/manifest/code-graph-parser.js";
import { scanService } from "../../controller/src/manifest/scan-service.js";
import { loadApps, type RealApp } from "../manifest-real/apps.js";
import { fetchApp } from "../manifest-real/fetch.js";

interface WriterQuery {
  id: string;
  query: string;
  expected: string[];
}
interface WriterApp {
  name: string;
  queries: WriterQuery[];
}

const here = import.meta.dirname;
const SET = join(here, "real-apps.json");
const catalogue = new Map(loadApps(join(here, "../manifest-real/apps.json")).map((a) => [a.name, a]));

function parseArgs(argv: string[]): { batch: number; check: boolean; files: string[] } {
  const at = argv.indexOf("--batch");
  const batch = Number(argv[at + 1]);
  if (at < 0 || !Number.isInteger(batch) || batch < 2)
    throw new Error("usage: npm run bench:e2e-search-merge -- --batch N [--check] FILE…");
  const files = argv.filter((a, i) => !a.startsWith("--") && i !== at + 1);
  return { batch, check: argv.includes("--check"), files };
}

/** The routes of the app's scan, as the set spells them: `<app>:<METHOD> <path>`. */
async function scannedRoutes(app: RealApp): Promise<Set<string>> {
  const root = join(fetchApp(app), app.root);
  const { service } = await scanService({ name: app.name, root, displayRoot: ".", parser: codeGraphParser });
  return new Set(service.endpoints.map((e) => `${app.name}:${e.method} ${e.path}`));
}

/** Each query's expected endpoints that the scan has not, by query id. */
async function faults(app: RealApp, queries: readonly WriterQuery[]): Promise<string[]> {
  const routes = await scannedRoutes(app);
  return queries.flatMap((q) => {
    const missing = q.expected.filter((e) => !routes.has(e));
    const empty = q.expected.length === 0 ? ["(no expected endpoint)"] : [];
    return [...empty, ...missing].map((e) => `${app.name} ${q.id} "${q.query}": ${e}`);
  });
}

const { batch, check, files } = parseArgs(process.argv.slice(2));
const written = files.flatMap((f) => (JSON.parse(readFileSync(f, "utf8")) as { apps: WriterApp[] }).apps);
const set = JSON.parse(readFileSync(SET, "utf8")) as { description: string; apps: Record<string, unknown>[] };
const known = new Set(set.apps.map((a) => a.name));
const ids = new Set(set.apps.flatMap((a) => (a.queries as WriterQuery[]).map((q) => q.id)));
const problems: string[] = [];
const merged: Record<string, unknown>[] = [];
for (const app of written) {
  const entry = catalogue.get(app.name);
  if (!entry) problems.push(`${app.name}: not in bench/manifest-real/apps.json`);
  if (known.has(app.name)) problems.push(`${app.name}: already in real-apps.json`);
  if (!entry || known.has(app.name)) continue;
  const queries = app.queries.map((q) => ({
    ...q,
    id: q.id.startsWith(`b${batch}-`) ? q.id : `b${batch}-${q.id}`,
  }));
  for (const q of queries) {
    if (ids.has(q.id)) problems.push(`${app.name}: duplicate id ${q.id}`);
    ids.add(q.id);
  }
  problems.push(...(await faults(entry, queries)));
  console.log(`${app.name}: ${queries.length} queries`);
  merged.push({ name: app.name, batch, package: entry.package, root: entry.root, queries });
}
for (const p of problems) console.log(`FAULT ${p}`);
if (!check && problems.length === 0) {
  set.apps.push(...merged);
  writeFileSync(SET, `${JSON.stringify(set, null, 1)}\n`);
  console.log(`merged ${merged.length} apps into ${SET}`);
} else if (!check) console.log("nothing written: fix or drop the faulty queries first (say why)");
