// A throwaway e2e project driven through the real CLI (`node bin/e2e.js run`): a "tiny" service
// run by the process launcher and, when Docker answers, a "boxed" one built from a small
// Dockerfile. Its module records that it started, then holds for HOLD_MS.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "./repo-root.js";
import { TINY_SERVICE } from "./tiny-service.js";

const PAGE = `import { BasePage } from "gantry";
export default class Page extends BasePage {
  hits() { return this.get("/hits"); }
}
`;

const MODULE = `import { appendFileSync } from "node:fs";
export async function run(page: any) {
  const res = await page.hits();
  appendFileSync(process.env.MARKER_FILE!, \`\${res.status}\\n\`);
  await new Promise((r) => setTimeout(r, Number(process.env.HOLD_MS ?? 0)));
  return res;
}
`;

const DOCKERFILE = `ARG NODE_IMAGE=node:22-bookworm-slim
FROM \${NODE_IMAGE}
COPY services/boxed/tiny-service.mjs /app/tiny-service.mjs
CMD ["node", "/app/tiny-service.mjs"]
`;

export interface CliProject {
  dir: string;
  marker: string;
  run(env?: Record<string, string>): CliRun;
}

export interface CliRun {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function makeCliProject(ports: { tiny: number; boxed?: number }): CliProject {
  const dir = mkdtempSync(join(tmpdir(), "gantry-cli-lifecycle-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  let conf = `general:
  timeout: 5000
services:
  tiny:
    base_url: http://127.0.0.1:${ports.tiny}
    health_endpoint: /health
    port: ${ports.tiny}
    timeout: 15000
    launcher: process
    start_command: ["${process.execPath}", "${TINY_SERVICE}"]
`;
  write("services/tiny/page.ts", PAGE);
  write("services/tiny/modules/01_hold.ts", MODULE);
  if (ports.boxed) {
    conf += `  boxed:
    base_url: http://127.0.0.1:${ports.boxed}
    health_endpoint: /health
    port: 8080
    timeout: 60000
    launcher: docker
`;
    write("services/boxed/page.ts", PAGE);
    write("services/boxed/modules/01_hold.ts", MODULE);
    write("services/boxed/Dockerfile", DOCKERFILE);
    copyFileSync(TINY_SERVICE, join(dir, "services/boxed/tiny-service.mjs"));
  }
  write("e2e.conf", conf);
  const marker = join(dir, "marker.txt");
  return {
    dir,
    marker,
    run(env = {}) {
      const child = spawn(process.execPath, [join(REPO_ROOT, "bin/e2e.js"), "run", "--reporter", "console"], {
        cwd: dir,
        env: {
          ...process.env,
          CI: "true",
          E2E_CONFIG_PATH: join(dir, "e2e.conf"),
          MARKER_FILE: marker,
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout!.on("data", (c) => (output += c));
      child.stderr!.on("data", (c) => (output += c));
      // 'close', not 'exit': the last lines may still be in the pipe when the process exits.
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once("close", (code, signal) => resolve({ code, signal })),
      );
      return { child, output: () => output, exited };
    },
  };
}
