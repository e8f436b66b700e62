// What the security suite shares: the real service process under a heap limit (a bound that
// fails shows as a crash, never as a machine out of memory), temporary folders, and a probe that
// times /health over its own socket while something hostile is under way.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { eventually } from "../../../../controller/src/index.js";
import { type Client, client, type Json } from "../../harness/start-service.js";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.js";

/** The heap the process may grow to: far below the machine, above what the defaults allow. */
const HEAP_LIMIT_MB = 1024;

export interface Started {
  server: ServerProcess;
  api: Client;
}

const started: ServerProcess[] = [];
const folders: string[] = [];

/** A fresh temporary folder (real path), removed by `cleanUp`. */
export function folder(prefix = "tg-sec-"): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  folders.push(dir);
  return dir;
}

export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

export async function start(env: NodeJS.ProcessEnv): Promise<Started> {
  const server = await startServerProcess(env, [], [`--max-old-space-size=${HEAP_LIMIT_MB}`]);
  started.push(server);
  return { server, api: client(server.url) };
}

export function cleanUp(): void {
  for (const s of started.splice(0))
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const upload = (api: Client, repo: string, files: Json[]) =>
  api.request("PUT", `/api/v1/code/repositories/${repo}/files`, { files });

export const register = (api: Client, name: string, path: string) =>
  api.post("/api/v1/code/repositories", { name, path });

/** Every result of a code search, files and symbols, with their text. */
export async function searchCode(api: Client, query: string): Promise<Json[]> {
  const res = await api.post("/api/v1/rag/search", { query, types: ["file", "symbol"], limit: 50 });
  return res.body.results as Json[];
}

/** Resident memory of the process (Linux), in MiB. */
export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Times GET /health every `everyMs` from a process of its own (the test's own event loop, busy
 * building megabyte bodies, must not be what is measured) until `stop()`: the latencies a
 * client sees while work goes on.
 */
export function healthProbe(api: Client, everyMs = 20): { stop(): Promise<number[]> } {
  const script = `
    const url = ${JSON.stringify(`${api.url}/health`)};
    const out = [];
    let running = true;
    process.stdin.on("data", () => { running = false; });
    (async () => {
      while (running) {
        const t = performance.now();
        await fetch(url).then((r) => r.arrayBuffer()).catch(() => {});
        const took = performance.now() - t;
        out.push(took);
        await new Promise((r) => setTimeout(r, Math.max(0, ${everyMs} - took)));
      }
      process.stdout.write(JSON.stringify(out), () => process.exit(0));
    })();`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    async stop() {
      child.stdin!.end("stop\n");
      await exited;
      return JSON.parse(output || "[]") as number[];
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Retries `check` until it passes: what the service does in the background shows up in time. */
export function until<T>(check: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  return eventually(check, { timeoutMs, intervalMs: 50 });
}
