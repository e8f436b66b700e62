// NestJS: `@Controller(prefix)` classes with `@Get(":id")`-style methods, routes inherited from
// base classes, `app.setGlobalPrefix(…)` (also from config), URI versioning, RouterModule paths,
// parameter decorators (@Param, @Query, @Body, @Headers with pipes) and guards.

import { addFieldParams, upsertParam } from "../endpoint-params.js";
import { HTTP_STATUS_NAMES } from "../http-status-names.js";
import { DeclaredTypes } from "../js/declared-types.js";
import { jsScanner } from "../js/js-scanner.js";
import type { ClassFact, DecoratorFact, MemberFact } from "../js/module-facts.js";
import { readOperationWords } from "../js/operation-words.js";
import { joinPaths, pathParams, templatePath } from "../js/paths.js";
import { JsProgram, outsideModules } from "../js/program.js";
import { calleeName, propOf, stringOf, type Value } from "../js/value.js";
import type { Endpoint, HttpMethod, Param } from "../types.js";

const ROUTE_DECORATORS: Record<string, HttpMethod> = {
  Get: "GET",
  Post: "POST",
  Put: "PUT",
  Patch: "PATCH",
  Delete: "DELETE",
  Head: "HEAD",
  Options: "OPTIONS",
};
const PIPE_TYPES: Record<string, string> = {
  ParseIntPipe: "integer",
  ParseFloatPipe: "number",
  ParseBoolPipe: "boolean",
  ParseUUIDPipe: "string",
};
const PUBLIC = new Set(["Public", "SkipAuth", "AllowAnonymous"]);

type Located = { file: string; fact: ClassFact };

/** `T[]` with T → Cat gives `Cat[]` (type texts are our own notation: names split on non-word characters). */
function substituteTypeParams(type: string, bindings: Map<string, string>): string {
  if (bindings.size === 0) return type;
  return type.replace(/[A-Za-z_$][\w$]*/g, (name) => bindings.get(name) ?? name);
}

export const nestjsScanner = jsScanner("nestjs", (files, ctx) => {
  const program = new JsProgram(files, outsideModules(ctx));
  const declared = new DeclaredTypes(program);
  const str = (v: Value | undefined, file: string) => (v ? stringOf(program.resolve(v, file)) : undefined);
  const strings = (v: Value | undefined, file: string): string[] => {
    const r = v && program.resolve(v, file);
    if (!r) return [""];
    if (r.k === "arr") return r.items.map((i) => stringOf(i) ?? "");
    return [stringOf(r) ?? stringOf(propOf(r, "path")) ?? ""];
  };

  // Application-wide settings, wherever bootstrap sets them.
  let globalPrefix = "";
  let versioning: { prefix: string; defaultVersion?: string } | undefined;
  const routerPaths = new Map<string, string>();
  const moduleControllers = new Map<string, string[]>();
  // Each `@Module({...})`'s options, resolved once: its controllers here, its imports below.
  const moduleOptions: Value[] = [];
  for (const c of program.allClasses()) {
    const mod = c.fact.decorators.find((d) => d.name === "Module");
    if (!mod) continue;
    const options = program.resolve(mod.args[0] ?? { k: "null" }, c.file);
    moduleOptions.push(options);
    const controllers = propOf(options, "controllers");
    if (controllers?.k === "arr")
      moduleControllers.set(
        c.fact.name,
        controllers.items.map((i) => (i.k === "class" ? i.name : "")),
      );
  }
  const routerTree = (routes: Value | undefined, prefix: string) => {
    if (routes?.k !== "arr") return;
    for (const r of routes.items) {
      const path = joinPaths(prefix, stringOf(propOf(r, "path")) ?? "");
      const module = propOf(r, "module");
      if (module?.k === "class")
        for (const ctrl of moduleControllers.get(module.name) ?? []) routerPaths.set(ctrl, path);
      routerTree(propOf(r, "children"), path);
    }
  };
  for (const { path: file, facts } of files) {
    for (const call of facts.calls) {
      const method = stringOf(call.method);
      if (method === "setGlobalPrefix") globalPrefix = str(call.args[0], file) ?? globalPrefix;
      if (method === "enableVersioning") {
        const opts = program.resolve(call.args[0] ?? { k: "null" }, file);
        const type = propOf(opts, "type");
        const typeName = type?.k === "get" ? stringOf(type.prop) : stringOf(type);
        if (!type || typeName === "URI" || typeName === "uri") {
          const defaultVersion = stringOf(propOf(opts, "defaultVersion"));
          versioning = {
            prefix: stringOf(propOf(opts, "prefix")) ?? "v",
            ...(defaultVersion ? { defaultVersion } : {}),
          };
        }
      }
      if (method === "register" && program.resolve(call.recv, file).k === "import")
        routerTree(program.resolve(call.args[0] ?? { k: "null" }, file), "");
    }
  }
  // `@Module({ imports: [RouterModule.register([{ path, module, children }])] })`: a second pass,
  // since routerTree needs every module's controllers.
  for (const options of moduleOptions) {
    const imports = propOf(options, "imports");
    for (const item of imports?.k === "arr" ? imports.items : []) {
      if (item.k !== "call" || item.fn.k !== "get" || stringOf(item.fn.prop) !== "register") continue;
      const owner = item.fn.of;
      if (owner.k === "import" && owner.from === "@nestjs/core" && owner.name === "RouterModule")
        routerTree(item.args[0], "");
    }
  }

  const baseOf = (c: Located): Located | undefined => {
    if (!c.fact.extends) return undefined;
    return program.classOf(program.resolve(c.fact.extends, c.file));
  };
  const routeMethods = (c: Located, seen = new Set<string>()): { owner: Located; member: MemberFact }[] => {
    if (seen.has(c.fact.name)) return [];
    seen.add(c.fact.name);
    const own = c.fact.members.filter((m) => m.kind === "method").map((member) => ({ owner: c, member }));
    const base = baseOf(c);
    if (!base) return own;
    // `extends CrudController<Cat>`: the base's `T` is `Cat` in this controller.
    const bindings = new Map(
      (base.fact.typeParams ?? []).map((t, i) => [t, c.fact.extendsTypeArgs?.[i] ?? "unknown"]),
    );
    const bind = (type: string | undefined) =>
      type === undefined ? type : substituteTypeParams(type, bindings);
    const inherited = routeMethods(base, seen)
      .filter((b) => !own.some((o) => o.member.name === b.member.name))
      .map(({ owner, member }) => ({
        owner,
        member: {
          ...member,
          type: bind(member.type),
          params: member.params.map((p) => ({ ...p, type: bind(p.type) })),
        },
      }));
    return [...inherited, ...own];
  };
  const guardedBy = (decorators: readonly DecoratorFact[]): boolean | undefined => {
    if (decorators.some((d) => PUBLIC.has(d.name))) return false;
    if (
      decorators.some(
        (d) =>
          d.name === "UseGuards" || d.name === "Auth" || d.name === "Roles" || d.name === "ApiBearerAuth",
      )
    )
      return true;
    return undefined;
  };

  const endpoints: Endpoint[] = [];
  for (const c of program.allClasses()) {
    const ctrl = c.fact.decorators.find((d) => d.name === "Controller");
    if (!ctrl) continue;
    const ctrlOpts = ctrl.args[0] && program.resolve(ctrl.args[0], c.file);
    const ctrlVersion = stringOf(propOf(ctrlOpts, "version"));
    const classAuth =
      guardedBy(c.fact.decorators) ?? (baseOf(c) ? guardedBy(baseOf(c)!.fact.decorators) : undefined);
    for (const { owner, member } of routeMethods(c)) {
      for (const d of member.decorators) {
        const method = ROUTE_DECORATORS[d.name];
        if (!method) continue;
        const version =
          stringOf(member.decorators.find((x) => x.name === "Version")?.args[0]) ??
          ctrlVersion ??
          versioning?.defaultVersion;
        const versionPrefix = versioning && version ? `${versioning.prefix}${version}` : "";
        for (const ctrlPath of strings(ctrl.args[0], c.file)) {
          for (const routePath of d.args[0] ? strings(d.args[0], owner.file) : [""]) {
            const path = templatePath(
              joinPaths(globalPrefix, versionPrefix, routerPaths.get(c.fact.name) ?? "", ctrlPath, routePath),
            );
            const e: Endpoint = {
              id: `${method} ${path}`,
              method,
              path,
              handler: `${c.fact.name}.${member.name}`,
              file: owner.file,
              line: member.line,
              params: pathParams(path).map(
                (name): Param => ({ name, in: "path", type: "string", required: true }),
              ),
              responses: [],
            };
            describeParams(e, member, owner.file);
            describeOperation(e, member, owner.file);
            const status = statusOf(
              member.decorators.find((x) => x.name === "HttpCode")?.args[0],
              owner.file,
            );
            const dto = member.type && !["unknown", "object"].includes(member.type) ? member.type : undefined;
            e.responses.push({
              status: status ?? (method === "POST" ? 201 : 200),
              ...(dto ? { dto } : {}),
            });
            const auth = guardedBy(member.decorators) ?? classAuth;
            if (auth !== undefined) e.auth = auth;
            endpoints.push(e);
          }
        }
      }
    }
  }

  /** `@HttpCode(204)` or `@HttpCode(HttpStatus.NO_CONTENT)`, Nest's enum of status names. */
  function statusOf(v: Value | undefined, file: string): number | undefined {
    const r = v && program.resolve(v, file);
    if (r?.k === "num") return r.v;
    const name = r?.k === "get" ? stringOf(r.prop) : undefined;
    return name === undefined ? undefined : HTTP_STATUS_NAMES[name];
  }

  /** @nestjs/swagger's @ApiOperation({ summary, description, operationId }): the route's own words. */
  function describeOperation(e: Endpoint, member: MemberFact, file: string): void {
    const op = member.decorators.find((d) => d.name === "ApiOperation")?.args[0];
    if (op) readOperationWords(e, program.resolve(op, file));
  }

  function describeParams(e: Endpoint, member: MemberFact, file: string): void {
    for (const p of member.params) {
      for (const d of p.decorators) {
        const places: Record<string, Param["in"]> = {
          Param: "path",
          Query: "query",
          Headers: "header",
          Body: "body",
        };
        const where = places[d.name];
        if (!where) continue;
        const name = str(d.args[0], file);
        const pipe = d.args.map((a) => calleeName(a.k === "call" ? a.fn : a)).find((n) => n && PIPE_TYPES[n]);
        const type = (pipe && PIPE_TYPES[pipe]) ?? p.type ?? "unknown";
        if (where === "body" && name === undefined) {
          e.request = type;
          continue;
        }
        if (name !== undefined) {
          const param: Param = { name, in: where, type, required: where === "path" || !p.optional };
          upsertParam(e, param);
          continue;
        }
        // `@Query() query: ListQuery`: each field of the DTO is a parameter.
        addFieldParams(e, declared.fieldsOf(type) ?? [], where);
      }
    }
  }

  return { endpoints, dtos: [], types: [] };
});
