// A ServiceConfig that runs fixtures/tiny-service.mjs with the process launcher on a free port.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freeLoopbackPort } from "../../../../lib/net/free-port.js";
import type { ServiceConfig } from "../../../src/config/types.js";
import { makeService } from "./make-config.js";

export const TINY_SERVICE = fileURLToPath(new URL("../fixtures/tiny-service.mjs", import.meta.url));

export async function tinyService(
  name: string,
  overrides: Partial<ServiceConfig> = {},
): Promise<ServiceConfig> {
  const port = await freeLoopbackPort();
  return makeService(name, {
    base_url: `http://localhost:${port}`,
    maven_module: ".",
    launcher: "process",
    start_command: [process.execPath, TINY_SERVICE],
    startup_timeout: 10_000,
    ...overrides,
  });
}

export function tempRoot(): string {
  return mkdtempSync(join(tmpdir(), "gantry-lifecycle-"));
}

export function collectLog(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

/** No container engine, whatever the machine has: keeps process-launcher tests independent of Docker. */
export const noEngine = { getRuntime: async () => undefined };
