// The board (SPEC §2d, issue 23 point 3) in Debian's Chromium (headless, playwright-core), over
// 1,000 issues in a task graph with an API key (in this process; the browser is its own):
//   1. Transferred size: the page and its assets (gzip, as a browser asks), then the issues' JSON.
//   2. Time to interactive: navigation start → every card in the DOM and the main thread free
//      (a task after the next frame), the median of BENCH_LOADS cold loads (new context each).
//      Baseline, in this script: the same navigation to a page that fetches the same 1,000 issues
//      and renders nothing (/board's own HTML with the script removed, then the API calls) —
//      what the network and the API cost before any UI. Render = TTI − the last list response.
//      Budget (SPEC): 1,000 issues render in ≤ 1 s.
//   3. Event → screen: another client PATCHes a title; from the request sent to the new title
//      in the DOM (seen on a requestAnimationFrame poll), BENCH_EVENTS times, p50/p95.
//      Baseline: the same write → its event read by a plain fetch stream in Node (the stream's
//      own latency). Budget (SPEC): within 1 s.
// Run: npm run bench:board   (BENCH_ISSUES=1000 BENCH_LOADS=5 BENCH_EVENTS=30)
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { buildBoard } from "../../build/bundle-board.mjs";
import { createTaskGraphService } from "../../services/task-graph/src/index.js";

const REPO = resolve(fileURLToPath(import.meta.url), "../../..");
const ISSUES = Number(process.env.BENCH_ISSUES ?? 1000);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 30);
const KEY = "bench-board-key";
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KiB`;

const boardDir = join(tmpdir(), `gantry-bench-board-${process.pid}`);
await buildBoard(boardDir, { logLevel: "error" });
const service = await createTaskGraphService({
  port: 0,
  env: { TASK_GRAPH_API_KEY: KEY, TASK_GRAPH_BOARD_DIR: boardDir, LOG_LEVEL: "warn" },
});
const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${service.url}/api/v1${path}`, {
    method,
    headers: { "x-api-key": KEY, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
};
const statuses = ["OPEN", "IN_PROGRESS", "BLOCKED", "CLOSED"];
const ids: string[] = [];
for (let start = 0; start < ISSUES; start += 25) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(25, ISSUES - start) }, (_, j) =>
      api("POST", "/issues", {
        title: `Issue ${start + j}`,
        description: `Some **markdown** for issue ${start + j}.`,
        status: statuses[(start + j) % 4],
        labels: [`team-${(start + j) % 5}`],
      }),
    ),
  );
  ids.push(...batch.map((b) => b.id));
}

let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ARGS });
} catch (error) {
  console.error(`bench:board: NOT RUN — Chromium could not start (${String(error).split("\n")[0]})`);
  await service.close();
  process.exit(1);
}

/** One cold load of /board (key already in sessionStorage): sizes, TTI, last API response. */
async function load(baseline: boolean) {
  // bypassCSP: the waits below are strings, which the page's policy (no eval) would refuse.
  const context = await browser!.newContext({ viewport: { width: 1600, height: 1000 }, bypassCSP: true });
  await context.addInitScript((key) => sessionStorage.setItem("gantry.board.apiKey", key), KEY);
  const page = await context.newPage();
  if (baseline) {
    // The same HTML without the board's script; the page fetches the issues and shows nothing.
    await page.route("**/board/assets/board.js", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `const h={"x-api-key":sessionStorage.getItem("gantry.board.apiKey")};
const get=(p)=>fetch("/api/v1/issues?limit=100&page="+p,{headers:h}).then(r=>r.json());
get(1).then(f=>Promise.all(Array.from({length:f.total_pages-1},(_, i)=>get(i+2)))).then(()=>{document.documentElement.dataset.loaded="1"});`,
      }),
    );
  }
  await page.goto(`${service.url}/board`);
  // Page-side code as strings: this file is type-checked without the DOM library.
  await page.waitForFunction(
    baseline
      ? `document.documentElement.dataset.loaded === "1"`
      : `document.querySelectorAll(".card").length >= ${ISSUES}`,
    undefined,
    { polling: "raf", timeout: 60_000 },
  );
  const t = (await page.evaluate(`new Promise((done) => requestAnimationFrame(() => setTimeout(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const res = performance.getEntriesByType("resource");
    const apiRes = res.filter((r) => r.name.includes("/api/v1/issues"));
    const assetRes = res.filter((r) => r.name.includes("/board/assets/"));
    done({
      tti: performance.now(),
      lastApi: Math.max(...apiRes.map((r) => r.responseEnd)),
      assets: nav.transferSize + assetRes.reduce((n, r) => n + r.transferSize, 0),
      decoded: nav.decodedBodySize + assetRes.reduce((n, r) => n + r.decodedBodySize, 0),
      data: apiRes.reduce((n, r) => n + r.transferSize, 0),
    });
  }, 0)))`)) as { tti: number; lastApi: number; assets: number; data: number; decoded: number };
  return { page, context, ...t };
}

const board = [];
const bare = [];
for (let i = 0; i < LOADS; i++) {
  // Alternating, so that load from other work on this shared machine falls on both alike.
  const b = await load(true);
  bare.push(b);
  await b.context.close();
  const l = await load(false);
  board.push(l);
  if (i < LOADS - 1) await l.context.close();
}
const median = (xs: number[]) => pct(xs, 50);

// Event → screen, on the last board page (left open, its stream connected).
const live = board.at(-1)!;
await live.page.locator('html[data-live="connected"]').waitFor();
const toScreen: number[] = [];
for (let i = 0; i < EVENTS; i++) {
  const id = ids[(i * 37) % ids.length]!;
  const title = `Renamed ${i} ${Date.now()}`;
  const seen = live.page.waitForFunction(
    `document.querySelector('.card[data-id="${id}"] .title')?.textContent === ${JSON.stringify(title)} ? Date.now() : false`,
    undefined,
    { polling: "raf", timeout: 10_000 },
  );
  const sent = Date.now();
  await api("PATCH", `/issues/${id}`, { title });
  toScreen.push(((await (await seen).jsonValue()) as number) - sent);
}

// Baseline: the same writes → their events read by a fetch stream in Node.
const toStream: number[] = [];
{
  const controller = new AbortController();
  const res = await fetch(`${service.url}/api/v1/events`, {
    headers: { "x-api-key": KEY },
    signal: controller.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const waitFor = async (text: string) => {
    while (!buffer.includes(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error("events stream ended");
      buffer += value;
    }
    buffer = "";
    return Date.now();
  };
  for (let i = 0; i < EVENTS; i++) {
    const id = ids[(i * 41) % ids.length]!;
    const title = `Streamed ${i} ${Date.now()}`;
    const sent = Date.now();
    const arrived = waitFor(title);
    await api("PATCH", `/issues/${id}`, { title });
    toStream.push((await arrived) - sent);
  }
  controller.abort();
}
await browser.close();
await service.close();

const render = board.map((b) => b.tti - b.lastApi);
const rows = [
  `# Board: size, time to interactive, event → screen`,
  ``,
  `Run: \`npm run bench:board\` on ${new Date().toISOString().slice(0, 10)}, ${ISSUES} issues, ${LOADS} cold loads each, ${EVENTS} events; Debian Chromium headless; load average at the end ${loadavg()[0]!.toFixed(1)} (2 cores, shared).`,
  ``,
  `| Measure | Board | Baseline | Budget |`,
  `|---|---|---|---|`,
  `| Page + assets transferred (gzip) | ${kb(board[0]!.assets)} (${kb(board[0]!.decoded)} decoded) | — | small |`,
  `| Issues' JSON transferred | ${kb(board[0]!.data)} | ${kb(bare[0]!.data)} (same calls, no UI) | — |`,
  `| Time to interactive, median | ${ms(median(board.map((b) => b.tti)))} | ${ms(median(bare.map((b) => b.tti)))} (data only, no UI) | — |`,
  `| Render of ${ISSUES} issues (TTI − last list response), median / max | ${ms(median(render))} / ${ms(Math.max(...render))} | — | ≤ 1 s |`,
  `| Event → screen p50 / p95 / max | ${ms(pct(toScreen, 50))} / ${ms(pct(toScreen, 95))} / ${ms(Math.max(...toScreen))} | ${ms(pct(toStream, 50))} / ${ms(pct(toStream, 95))} / ${ms(Math.max(...toStream))} (event in a Node stream) | ≤ 1 s |`,
  ``,
];
const out = join(REPO, "bench", "results", "board.md");
mkdirSync(join(REPO, "bench", "results"), { recursive: true });
writeFileSync(out, `${rows.join("\n")}\n`);
console.log(rows.join("\n"));
