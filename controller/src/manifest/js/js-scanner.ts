// The shared part of the JavaScript/TypeScript scanners: they all read the same module summary.

import type { FrameworkScanner } from "../scanner.js";
import { type Dialect, linkApps } from "./app-graph.js";
import { extractModule } from "./extract-module.js";
import { JS_FACTS_KEY, type JsModule } from "./module-facts.js";

const JS_LANGUAGES = ["typescript", "tsx", "javascript"] as const;

export function jsScanner(
  name: string,
  link: FrameworkScanner<JsModule>["link"],
  kind: "framework" | "models" = "framework",
  packages?: readonly string[],
): FrameworkScanner<JsModule> {
  return {
    name,
    kind,
    packages,
    languages: JS_LANGUAGES,
    version: 4,
    factsKey: JS_FACTS_KEY,
    extract: extractModule,
    link,
  };
}

/** A scanner for an instance-based framework (app/router objects), from its dialect. */
export const appScanner = (dialect: Dialect): FrameworkScanner<JsModule> =>
  jsScanner(dialect.name, (files, ctx) => linkApps(dialect, files, ctx), "framework", dialect.packages);
