// Spring Boot settings that change every path: `server.servlet.context-path` and
// `spring.mvc.servlet.path`, from `application.properties` or `application.yml`, and the
// `${key}` / `${key:default}` placeholders a mapping may use.

import { parse as parseYaml } from "yaml";
import type { LinkContext } from "../../scanner.js";

export type Properties = Map<string, string>;

const NAMES = ["application.properties", "application.yml", "application.yaml"];

/** The settings of the module a source file belongs to (`<module>/src/main/...`). */
export function propertiesFor(sourcePath: string, ctx: LinkContext): Properties {
  const at = sourcePath.indexOf("src/main/");
  const moduleRoot = at >= 0 ? sourcePath.slice(0, at) : "";
  const props: Properties = new Map();
  for (const name of NAMES) {
    const text = ctx.readFile(`${moduleRoot}src/main/resources/${name}`);
    if (text === undefined) continue;
    if (name.endsWith(".properties")) readProperties(text, props);
    else flattenYaml(parseYaml(text), "", props);
  }
  return props;
}

function readProperties(text: string, into: Properties): void {
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith("!")) continue;
    const eq = [line.indexOf("="), line.indexOf(":")].filter((i) => i > 0);
    if (eq.length === 0) continue;
    const at = Math.min(...eq);
    into.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
}

function flattenYaml(value: unknown, prefix: string, into: Properties): void {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flattenYaml(v, prefix ? `${prefix}.${k}` : k, into);
  } else if (value !== null && value !== undefined && prefix) {
    into.set(prefix, String(value));
  }
}

/** `${app.visits-path}` → its value; `${missing:/x}` → `/x`; unknown keys stay as written. */
export function resolvePlaceholders(text: string, props: Properties): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf("${", i);
    const end = start >= 0 ? text.indexOf("}", start) : -1;
    if (start < 0 || end < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, start);
    const body = text.slice(start + 2, end);
    const colon = body.indexOf(":");
    const key = colon >= 0 ? body.slice(0, colon) : body;
    out += props.get(key) ?? (colon >= 0 ? body.slice(colon + 1) : text.slice(start, end + 1));
    i = end + 1;
  }
  return out;
}

/** The prefix every route of the module gets: context path, then the DispatcherServlet's path. */
export function servletPrefix(props: Properties): string {
  const trim = (p: string | undefined) => (p && p !== "/" ? p.replace(/\/+$/, "") : "");
  return trim(props.get("server.servlet.context-path")) + trim(props.get("spring.mvc.servlet.path"));
}
