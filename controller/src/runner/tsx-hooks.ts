// Once per process: tsx's loader for TypeScript, and a tiny resolve hook (module.register, the
// public loader hooks) so that `import ... from "gantry"` in a page or scenario module is this
// very package's running entry (source or built), and pages extend the same BasePage class the
// runner checks. Scenario projects need no package.json: a .ts file outside node_modules that
// would default to CommonJS is loaded as an ES module, which is what pages are written as.

import { register } from "node:module";
import { extname } from "node:path";

const GANTRY_HOOK = `
let target;
export async function initialize(data) { target = data.target; }
export async function resolve(specifier, context, next) {
  if (specifier === "gantry") return { url: target, format: "module", shortCircuit: true };
  const resolved = await next(specifier, context);
  // Node 20 resolves such a file as "commonjs"; 22 and 24 leave the format to the load step (null)
  // or say "commonjs-typescript" (type stripping): all three would load a page as CommonJS, whose
  // default export is then an object, not the page class.
  const cjsOrUnknown = resolved.format == null || resolved.format === "commonjs" || resolved.format === "commonjs-typescript";
  if (!cjsOrUnknown || !resolved.url.startsWith("file:")) return resolved;
  // tsx marks a file whose importer takes named exports with a query (also folded into the
  // path): it is still the user's own TypeScript file, and one module whatever imports it.
  const url = new URL(resolved.url);
  url.pathname = url.pathname.replace(/%3F.*$/i, "");
  url.search = "";
  if (!url.pathname.endsWith(".ts") || url.pathname.includes("/node_modules/")) return resolved;
  return { ...resolved, url: url.href, format: "module" };
}`;

let registered: Promise<Record<string, unknown>> | undefined;

/** The URL of this package's entry, as it runs (index.ts from source, index.js when built). */
function packageEntryUrl(): string {
  const ext = extname(new URL(import.meta.url).pathname) || ".js";
  return new URL(`../index${ext}`, import.meta.url).href;
}

async function registerHooks(): Promise<Record<string, unknown>> {
  // The package entry first: once tsx's hooks are registered, every import goes through its
  // loader thread (several hundred ms for the entry's module graph); loaded before, the entry is
  // already in the module map when a page imports "gantry".
  const gantry = (await import(packageEntryUrl())) as Record<string, unknown>;
  // Lazy: tsx is only needed by `e2e run`, not by `e2e --help`.
  const esm = await import("tsx/esm/api");
  esm.register();
  register(`data:text/javascript,${encodeURIComponent(GANTRY_HOOK)}`, {
    data: { target: packageEntryUrl() },
  });
  return gantry;
}

/** Registers the hooks (once); resolves to the running package entry's exports. */
export function tsxHooks(): Promise<Record<string, unknown>> {
  registered ??= registerHooks();
  return registered;
}
