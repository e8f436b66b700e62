// `npm run bench:install`: what a test author pays to install our package, beside what they pay for
// Playwright Test. Our tarball (`npm pack` of this repository) and `@playwright/test` (browsers not
// downloaded: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1) are each installed into an empty folder with
// `npm install --prefer-offline`, after one unmeasured install of each that warms npm's cache.
// Rounds alternate the order (AB, BA, ...) so a burst of load from elsewhere hits both alike.
// Reported per target: wall time of `npm install` (median), node_modules' size (`du -sm`) and the
// number of packages npm installed (node_modules/.package-lock.json), and ours / Playwright's.
// Targets (issue 24): <= 60 MB, <= 120 packages, <= 15 s with a warm cache.
// Usage: npm run bench:install   (BENCH_ROUNDS=3; BENCH_PLAYWRIGHT_VERSION, default the version of
// playwright-core this repository uses). Packs the dist/ that `npm run build` made (stale: refused).
// Results: bench/results/install.json; the dated figures are kept in bench/results/install.md.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, ROOT, round, writeResult } from "../controller/measure.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGETS = { megabytes: 60, packages: 120, seconds: 15 };

interface Install {
  seconds: number;
  megabytes: number;
  packages: number;
}

interface Target {
  name: string;
  spec: string;
  env: Record<string, string>;
  runs: Install[];
}

function packOurs(into: string): string {
  const stale = spawnSync(process.execPath, ["bin/e2e.js", "--help"], { cwd: ROOT, encoding: "utf8" });
  if (/older than the source/.test(stale.stderr)) {
    console.error("bench:install: dist/ is older than the source; run npm run build first");
    process.exit(2);
  }
  // --ignore-scripts: pack the build as it is, without rebuilding dist/ under other work.
  execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", into], { cwd: ROOT });
  const tarball = readdirSync(into).find((f) => /^gantry-.*\.tgz$/.test(f));
  if (!tarball) throw new Error(`npm pack wrote no gantry-*.tgz into ${into}`);
  return join(into, tarball);
}

function playwrightVersion(): string {
  if (process.env.BENCH_PLAYWRIGHT_VERSION) return process.env.BENCH_PLAYWRIGHT_VERSION;
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  return lock.packages["node_modules/playwright-core"]?.version ?? "latest";
}

/** `npm install SPEC` into a new empty folder: wall time, size, package count. */
function install(work: string, target: Target): Install {
  const dir = mkdtempSync(join(work, "project-"));
  const started = performance.now();
  const run = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", target.spec], {
    cwd: dir,
    env: { ...process.env, ...target.env },
    encoding: "utf8",
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`npm install ${target.spec} failed:\n${run.stdout}${run.stderr}`);
  const du = execFileSync("du", ["-sm", join(dir, "node_modules")], { encoding: "utf8" });
  const lock = JSON.parse(readFileSync(join(dir, "node_modules/.package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  rmSync(dir, { recursive: true, force: true });
  return {
    seconds: round(seconds),
    megabytes: Number(du.split("\t")[0]),
    packages: Object.keys(lock.packages).filter(Boolean).length,
  };
}

const work = mkdtempSync(join(tmpdir(), "gantry-bench-install-"));
try {
  mkdirSync(join(work, "pack"));
  const pw = playwrightVersion();
  const targets: Target[] = [
    { name: "gantry (npm pack)", spec: packOurs(join(work, "pack")), env: {}, runs: [] },
    {
      name: `@playwright/test@${pw} (no browsers) — baseline`,
      spec: `@playwright/test@${pw}`,
      env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
      runs: [],
    },
  ];
  // Warm npm's cache with both, unmeasured.
  for (const t of targets) install(work, t);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) t.runs.push(install(work, t));
  }

  const summary = targets.map((t) => ({
    name: t.name,
    seconds: round(median(t.runs.map((r) => r.seconds))),
    megabytes: median(t.runs.map((r) => r.megabytes)),
    packages: median(t.runs.map((r) => r.packages)),
    runs: t.runs,
  }));
  const [ours, baseline] = summary as [(typeof summary)[0], (typeof summary)[0]];
  const ratios = {
    seconds: round(ours.seconds / baseline.seconds),
    megabytes: round(ours.megabytes / baseline.megabytes),
    packages: round(ours.packages / baseline.packages),
  };
  const met = {
    megabytes: ours.megabytes <= TARGETS.megabytes,
    packages: ours.packages <= TARGETS.packages,
    seconds: ours.seconds <= TARGETS.seconds,
  };

  console.log(`\nnpm install into an empty folder, warm cache, median of ${ROUNDS} (interleaved)\n`);
  console.log("| Target | install (s) | size (MB, du) | packages |");
  console.log("|---|---|---|---|");
  for (const s of summary) console.log(`| ${s.name} | ${s.seconds} | ${s.megabytes} | ${s.packages} |`);
  console.log(`| ours / baseline | ${ratios.seconds} | ${ratios.megabytes} | ${ratios.packages} |`);
  console.log(
    `\ntargets: <= ${TARGETS.megabytes} MB ${met.megabytes ? "met" : "MISSED"}, <= ${TARGETS.packages} packages ${met.packages ? "met" : "MISSED"}, <= ${TARGETS.seconds} s ${met.seconds ? "met" : "MISSED"}`,
  );
  const file = writeResult("install", { rounds: ROUNDS, targets: TARGETS, summary, ratios, met });
  console.log(`results: ${file}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
