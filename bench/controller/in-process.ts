// Running `e2e run` inside the benchmark process (the built runner, as the CLI calls it), so
// that process start-up, which dwarfs per-module costs on a busy machine, stays out of the
// figures. The HTTP server runs in a child process so it does not share this event loop.

import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { cliUnderTest, ROOT } from "./measure.js";

type RunE2e = (options: Record<string, unknown>) => Promise<number>;

/** runE2e with the reporters the CLI gives it, from the build under test (or the source). */
export async function loadRunner(): Promise<{ runE2e: RunE2e; label: string }> {
  const cli = cliUnderTest();
  const built = cli.args[0]!.endsWith("cli.js");
  const src = built ? join(cli.args[0]!, "..") : join(ROOT, "controller/src");
  const ext = built ? "js" : "ts";
  const load = async (path: string) => import(pathToFileURL(join(src, `${path}.${ext}`)).href);
  const { runE2e } = await load("runner/run-session");
  const { runReporters } = await load("report/create-reporters");
  return { runE2e: (options) => runE2e(options, { reporters: runReporters }), label: cli.label };
}

/** Options of `e2e run --no-start --config <conf>` with console output to /dev/null. */
export function runOptions(config: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    configPath: config,
    selection: {},
    retries: 0,
    bail: false,
    workers: 1,
    list: false,
    start: false,
    keep: false,
    reuse: false,
    verbose: false,
    color: false,
    out: createWriteStream("/dev/null"),
    ...extra,
  };
}

export interface ServerProcess {
  url: string;
  stop(): void;
}

/** A keep-alive JSON server in its own process, on an ephemeral loopback port; `delayMs` before each answer but /health. */
export async function startServerProcess(delayMs = 0): Promise<ServerProcess> {
  const code = `
const body = JSON.stringify({ status: "healthy" });
const answer = (res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
};
const server = require("node:http").createServer((req, res) => {
  if (${delayMs} > 0 && req.url !== "/health") setTimeout(() => answer(res), ${delayMs});
  else answer(res);
});
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child: ChildProcess = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((done, fail) => {
    child.stdout!.once("data", (c) => done(String(c).trim()));
    child.once("error", fail);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}
