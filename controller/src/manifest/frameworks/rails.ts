// Rails: `config/routes.rb` (and `config/routes/*.rb` drawn from it) evaluated by
// ruby/rails-routes.ts; each route's path parameters (`:id`, `*path`) become `{name}`. A mounted
// engine is listed at its mount path with the engine as handler and the tag `mounted-engine`.
// An action's strong parameters (ruby/rails-params.ts) are its body, typed by db/schema.rb.

import posix from "node:path/posix";
import { placeholderParams } from "../endpoint-params.js";
import type { FileFacts, FrameworkScanner, ScanContribution } from "../scanner.js";
import type { Dto, Endpoint } from "../types.js";
import { sortEndpoints } from "./python/py-scanner-kit.js";
import {
  extractControllers,
  type PermitField,
  permitFields,
  type RbController,
  type RbTable,
  tablesOf,
} from "./ruby/rails-params.js";
import { RailsRouter } from "./ruby/rails-routes.js";
import { extractRoutes, type RoutesFile } from "./ruby/rb-extract.js";

const ROUTES_FILE = /(^|\/)config\/routes(\.rb|\/[^/]+\.rb)$/;
const CONTROLLER_FILE = /(^|\/)app\/controllers\/.*\.rb$/;
const SCHEMA_FILE = /(^|\/)db\/schema\.rb$/;

interface RailsFacts extends Partial<RoutesFile> {
  controllers?: RbController[];
  tables?: RbTable[];
}

export const railsScanner: FrameworkScanner<RailsFacts> = {
  name: "rails",
  kind: "framework",
  languages: ["ruby"],
  version: 3,
  reads: (path) => ROUTES_FILE.test(path) || CONTROLLER_FILE.test(path) || SCHEMA_FILE.test(path),
  extract(file) {
    if (ROUTES_FILE.test(file.path)) return extractRoutes(file.root);
    if (CONTROLLER_FILE.test(file.path)) return { controllers: extractControllers(file.root) };
    if (SCHEMA_FILE.test(file.path)) return { tables: tablesOf(extractRoutes(file.root).calls) };
    return undefined;
  },
  link: (files) => linkRails(files),
};

function linkRails(files: readonly FileFacts<RailsFacts>[]): ScanContribution {
  const endpoints = new Map<string, Endpoint>();
  for (const main of appRouteFiles(files)) {
    const dir = posix.dirname(main.path);
    const router = new RailsRouter((name) => {
      const drawn = files.find((f) => f.path === `${dir}/routes/${name}.rb`);
      return drawn ? { file: drawn.path, calls: drawn.facts.calls ?? [] } : undefined;
    });
    router.evaluate(main.facts.calls ?? [], main.path);
    for (const r of router.routes) {
      const path = r.path.replace(/[:*]([A-Za-z_]\w*)/g, "{$1}");
      const id = `${r.method} ${path}`;
      if (endpoints.has(id)) continue; // Rails matches the first route drawn
      const endpoint: Endpoint = {
        id,
        method: r.method,
        path,
        handler: r.handler,
        file: r.file,
        line: r.line,
        params: placeholderParams(path),
        responses: [],
      };
      if (r.engine) {
        endpoint.tags = ["mounted-engine"];
        endpoint.description = `Rack engine ${r.engine} mounted here; its own routes are not listed`;
      }
      endpoints.set(id, endpoint);
    }
  }
  const dtos = addStrongParams([...endpoints.values()], files);
  return { endpoints: sortEndpoints([...endpoints.values()]), dtos, types: [] };
}

const camel = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/**
 * `create` calling `user_params` (`params.require(:user).permit(...)`): the body holds `user`,
 * a DTO named after the method (`UserParams`) whose fields take their types from the `users` table.
 */
function addStrongParams(endpoints: Endpoint[], files: readonly FileFacts<RailsFacts>[]): Dto[] {
  const controllers = new Map<string, { ctrl: RbController; file: string }>();
  for (const f of files)
    for (const c of f.facts.controllers ?? []) controllers.set(c.name, { ctrl: c, file: f.path });
  const tables = files.flatMap((f) => f.facts.tables ?? []);
  const dtos = new Map<string, Dto>();
  for (const e of endpoints) {
    const dot = e.handler.lastIndexOf(".");
    const found = controllers.get(e.handler.slice(0, dot));
    const action = found?.ctrl.methods.find((m) => m.name === e.handler.slice(dot + 1));
    if (!found || !action) continue;
    const helper = action.permit
      ? action
      : found.ctrl.methods.find((m) => m.permit && action.calls.includes(m.name));
    if (!helper?.permit) continue;
    const { key, fields } = helper.permit;
    const name = helper === action ? `${camel(key)}Params` : camel(helper.name);
    const table = tables.find(
      (t) => t.name === `${key}s` || t.name === key || t.name === `${key.replace(/y$/, "ie")}s`,
    );
    const add = (dtoName: string, permitted: PermitField[], t: RbTable | undefined): string => {
      if (!dtos.has(dtoName)) {
        const dto: Dto = {
          name: dtoName,
          file: found.file,
          line: helper.line,
          fields: [],
          kind: "rails-strong-params",
        };
        dtos.set(dtoName, dto);
        dto.fields = permitFields(permitted, t, (n, inner) => add(`${dtoName}${camel(n)}`, inner, undefined));
      }
      return dtoName;
    };
    add(name, fields, table);
    e.params.push({ name: key, in: "body", type: name, required: true });
  }
  return [...dtos.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The apps' own `config/routes.rb`: the shallowest ones. A deeper one (redmine's
 * `extra/sample_plugin/config/routes.rb`, an engine under `vendor/` or `plugins/`) is drawn only
 * when that app loads it, and an engine's routes are reported at its mount.
 */
function appRouteFiles(files: readonly FileFacts<RailsFacts>[]): FileFacts<RailsFacts>[] {
  const mains = files.filter((f) => f.path === "config/routes.rb" || f.path.endsWith("/config/routes.rb"));
  const depth = (f: FileFacts<RailsFacts>) => f.path.split("/").length;
  const shallowest = Math.min(...mains.map(depth));
  return mains.filter((f) => depth(f) === shallowest);
}
