/** Starting and stopping the servers under test as child processes on free loopback ports. */
import { type ChildProcess, spawn } from "node:child_process";
import { freeLoopbackPort } from "../../lib/net/free-port.js";

export interface Started {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** Spawns `args` with PORT set and polls `probePath` until it answers 200 (deadline 30 s). */
export async function startChild(
  name: string,
  args: string[],
  probePath: string,
  env: NodeJS.ProcessEnv = {},
  portArg?: (port: number) => string[],
): Promise<Started> {
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...args, ...(portArg ? portArg(port) : [])], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += d.toString();
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(url + probePath);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not answer ${url + probePath} with 200 within 30000ms: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  return { child, url, stop };
}
