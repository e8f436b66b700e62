// Scenario modules and pages are TypeScript files anywhere on disk, loaded at run time through
// tsx. Their `import { BasePage } from "gantry"` is resolved to this very package's entry (source
// or built, whichever is running), so pages extend the same BasePage class the runner checks.

import { register } from "node:module";
import { extname } from "node:path";
import { pathToFileURL } from "node:url";

let ready: Promise<void> | undefined;

// A tiny resolve hook (runs in the loader thread); tsx's own hooks handle everything else.
// Scenario projects need no package.json: a .ts file outside node_modules that would default to
// CommonJS is loaded as an ES module, which is what pages and modules are written as.
const GANTRY_HOOK = `
let target;
export async function initialize(data) { target = data.target; }
export async function resolve(specifier, context, next) {
  if (specifier === "gantry") return { url: target, format: "module", shortCircuit: true };
  const resolved = await next(specifier, context);
  if (resolved.format === "commonjs" && /^file:.*\\.ts$/.test(resolved.url) && !resolved.url.includes("/node_modules/")) {
    return { ...resolved, format: "module" };
  }
  return resolved;
}`;

function packageEntryUrl(): string {
  const ext = extname(new URL(import.meta.url).pathname) || ".js";
  return new URL(`../index${ext}`, import.meta.url).href;
}

async function setUp(): Promise<void> {
  // Lazy: tsx is only needed by `e2e run`, not by `e2e --help`.
  const tsx = await import("tsx/esm/api");
  tsx.register();
  register(`data:text/javascript,${encodeURIComponent(GANTRY_HOOK)}`, {
    data: { target: packageEntryUrl() },
  });
}

export function ensureLoader(): Promise<void> {
  ready ??= setUp();
  return ready;
}

export async function importFile(path: string): Promise<Record<string, unknown>> {
  await ensureLoader();
  return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
}
