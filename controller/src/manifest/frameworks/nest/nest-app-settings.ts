// NestJS's application-wide path settings, wherever bootstrap or a module sets them:
// `app.setGlobalPrefix(…)`, `app.enableVersioning({ type: URI })` and RouterModule paths.

import type { JsModule } from "../../js/module-facts.js";
import { joinPaths } from "../../js/paths.js";
import type { JsProgram } from "../../js/program.js";
import { propOf, stringOf, type Value } from "../../js/value.js";
import type { FileFacts } from "../../scanner.js";

export interface NestAppSettings {
  globalPrefix: string;
  versioning: { prefix: string; defaultVersion?: string } | undefined;
  /** Controller class name → the RouterModule path its module is mounted at. */
  routerPaths: Map<string, string>;
}

/** Each `@Module({...})`'s options, resolved once, and its controllers by module name. */
function readModules(program: JsProgram): { options: Value[]; controllers: Map<string, string[]> } {
  const options: Value[] = [];
  const controllers = new Map<string, string[]>();
  for (const c of program.allClasses()) {
    const mod = c.fact.decorators.find((d) => d.name === "Module");
    if (!mod) continue;
    const resolved = program.resolve(mod.args[0] ?? { k: "null" }, c.file);
    options.push(resolved);
    const list = propOf(resolved, "controllers");
    if (list?.k === "arr")
      controllers.set(
        c.fact.name,
        list.items.map((i) => (i.k === "class" ? i.name : "")),
      );
  }
  return { options, controllers };
}

/** `enableVersioning({ type: VersioningType.URI, prefix, defaultVersion })`; other types add no path. */
function uriVersioning(options: Value): NestAppSettings["versioning"] {
  const type = propOf(options, "type");
  const typeName = type?.k === "get" ? stringOf(type.prop) : stringOf(type);
  if (type && typeName !== "URI" && typeName !== "uri") return undefined;
  const defaultVersion = stringOf(propOf(options, "defaultVersion"));
  return {
    prefix: stringOf(propOf(options, "prefix")) ?? "v",
    ...(defaultVersion ? { defaultVersion } : {}),
  };
}

export function readAppSettings(program: JsProgram, files: readonly FileFacts<JsModule>[]): NestAppSettings {
  const settings: NestAppSettings = { globalPrefix: "", versioning: undefined, routerPaths: new Map() };
  const modules = readModules(program);
  const routerTree = (routes: Value | undefined, prefix: string) => {
    if (routes?.k !== "arr") return;
    for (const r of routes.items) {
      const path = joinPaths(prefix, stringOf(propOf(r, "path")) ?? "");
      const module = propOf(r, "module");
      if (module?.k === "class")
        for (const ctrl of modules.controllers.get(module.name) ?? []) settings.routerPaths.set(ctrl, path);
      routerTree(propOf(r, "children"), path);
    }
  };
  for (const { path: file, facts } of files) {
    for (const call of facts.calls) {
      const method = stringOf(call.method);
      if (method === "setGlobalPrefix") {
        const prefix = call.args[0] ? stringOf(program.resolve(call.args[0], file)) : undefined;
        settings.globalPrefix = prefix ?? settings.globalPrefix;
      }
      if (method === "enableVersioning") {
        const versioning = uriVersioning(program.resolve(call.args[0] ?? { k: "null" }, file));
        if (versioning) settings.versioning = versioning;
      }
      if (method === "register" && program.resolve(call.recv, file).k === "import")
        routerTree(program.resolve(call.args[0] ?? { k: "null" }, file), "");
    }
  }
  // `@Module({ imports: [RouterModule.register([{ path, module, children }])] })`: a second pass,
  // since routerTree needs every module's controllers.
  for (const options of modules.options) {
    const imports = propOf(options, "imports");
    for (const item of imports?.k === "arr" ? imports.items : []) {
      if (item.k !== "call" || item.fn.k !== "get" || stringOf(item.fn.prop) !== "register") continue;
      const owner = item.fn.of;
      if (owner.k === "import" && owner.from === "@nestjs/core" && owner.name === "RouterModule")
        routerTree(item.args[0], "");
    }
  }
  return settings;
}
