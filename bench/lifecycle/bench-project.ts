// A throwaway e2e project with one "auth" service and one module that records when it started
// (epoch ms, appended to MARKER_FILE) and holds a moment so the bench can read container logs.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const PAGE = `import { BasePage } from "gantry";
export default class Page extends BasePage {
  health() { return this.get("/health"); }
}
`;

const MODULE = `import { appendFileSync } from "node:fs";
export async function run(page: any) {
  appendFileSync(process.env.MARKER_FILE!, \`\${Date.now()}\\n\`);
  await new Promise((r) => setTimeout(r, Number(process.env.HOLD_MS ?? 0)));
  return page.health();
}
`;

export function makeBenchProject(serviceYaml: string): { dir: string; conf: string } {
  const dir = mkdtempSync(join(tmpdir(), "gantry-bench-lifecycle-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write("services/auth/page.ts", PAGE);
  write("services/auth/modules/01_first.ts", MODULE);
  write("e2e.conf", `general:\n  timeout: 5000\nservices:\n  auth:\n${serviceYaml}`);
  return { dir, conf: join(dir, "e2e.conf") };
}
