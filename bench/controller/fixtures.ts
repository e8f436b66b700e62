// Generated e2e projects for the controller benchmarks, and a local HTTP server to test against.

import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

export async function startBenchServer(): Promise<BenchServer> {
  const body = JSON.stringify({ status: "healthy" });
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

export interface ModuleTree {
  dir: string;
  config: string;
  remove(): void;
}

/** N trivial scenario modules (one GET each) for one service, in a temp dir. */
export function generateModuleTree(
  count: number,
  baseUrl: string,
  {
    formats = ["console"],
    includePayloads = false,
    tags,
    parallel = false,
  }: {
    formats?: string[];
    includePayloads?: boolean;
    /** A `tags` export on every module, written as this source text (e.g. `["smoke"]`). */
    tags?: string;
    /** services.bench.parallel */
    parallel?: boolean;
  } = {},
): ModuleTree {
  const dir = mkdtempSync(join(tmpdir(), `gantry-bench-${count}-`));
  const modules = join(dir, "services/bench/modules");
  mkdirSync(modules, { recursive: true });
  writeFileSync(
    join(dir, "e2e.conf"),
    `general:
  environment: dev
services:
  bench:
    base_url: ${baseUrl}
    health_endpoint: /health
    parallel: ${parallel}
    endpoints:
      item: /items/{id}
test_data:
  timing:
    step_delay: 0
  retries:
    max_attempts: 1
    backoff_ms: 0
reporting:
  format: [${formats.join(", ")}]
  save_logs: false
  include_payloads: ${includePayloads}
  log_dir: ./reports
`,
  );
  writeFileSync(
    join(dir, "services/bench/page.ts"),
    `import { BasePage } from "gantry";\nexport default class BenchPage extends BasePage {\n  item(id: number) { return this.get(\`/items/\${id}\`); }\n}\n`,
  );
  for (let i = 1; i <= count; i++) {
    writeFileSync(
      join(modules, `${String(i).padStart(5, "0")}_item.ts`),
      `import type BenchPage from "../page.js";\n${tags ? `export const tags = ${tags};\n` : ""}export async function run(page: BenchPage) {\n  return page.item(${i});\n}\n`,
    );
  }
  return { dir, config: join(dir, "e2e.conf"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
