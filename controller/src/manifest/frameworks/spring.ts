// Spring MVC in Java and Kotlin: `@RestController` classes, `@RequestMapping` on the class and
// `@GetMapping`/`@PostMapping`/`@RequestMapping(method=...)` on methods, mappings inherited from
// base classes and interfaces, constants (`ApiPaths.PETS`) and `${...}` placeholders in paths,
// `server.servlet.context-path` and `spring.mvc.servlet.path` as prefixes, `@PathVariable`/
// `@RequestParam`/`@RequestHeader`/`@RequestBody`, `@ResponseStatus`; DTOs (classes, records,
// Kotlin data classes) with Jackson and Bean Validation annotations; enums.

import type { FileFacts, FrameworkScanner, LinkContext, ScanContribution } from "../scanner.js";
import type {
  Constraints,
  Dto,
  Endpoint,
  EndpointResponse,
  Field,
  HttpMethod,
  Param,
  TypeDecl,
} from "../types.js";
import { extractJava } from "./jvm/java-extract.js";
import type {
  JvmAnnotation,
  JvmClass,
  JvmExpr,
  JvmFileFacts,
  JvmMethod,
  JvmType,
  JvmVariable,
} from "./jvm/jvm-facts.js";
import { jvmTypeText, requiredByAnnotation, VOID, validationConstraints, WRAPPERS } from "./jvm/jvm-types.js";
import { extractKotlin } from "./jvm/kotlin-extract.js";
import {
  type Properties,
  propertiesFor,
  resolvePlaceholders,
  servletPrefix,
} from "./jvm/spring-properties.js";

export const springScanner: FrameworkScanner<JvmFileFacts> = {
  name: "spring",
  kind: "framework",
  languages: ["java", "kotlin"],
  version: 1,
  extract: (file) =>
    file.language === "java"
      ? extractJava(file.root)
      : file.language === "kotlin"
        ? extractKotlin(file.root)
        : undefined,
  link: (files, ctx) => new SpringLinker(files, ctx).link(),
};

const MAPPINGS: Record<string, HttpMethod | undefined> = {
  GetMapping: "GET",
  PostMapping: "POST",
  PutMapping: "PUT",
  PatchMapping: "PATCH",
  DeleteMapping: "DELETE",
  RequestMapping: undefined,
};
const CONTROLLERS = new Set(["RestController", "Controller"]);
const AUTH = new Set(["PreAuthorize", "Secured", "RolesAllowed", "PostAuthorize"]);
const PARAM_ANNOTATIONS = new Set([
  "PathVariable",
  "RequestParam",
  "RequestHeader",
  "RequestBody",
  "CookieValue",
  "ModelAttribute",
  "RequestPart",
]);
const NOT_PARAMS = new Set([
  "HttpServletRequest",
  "HttpServletResponse",
  "ServerHttpRequest",
  "ServerWebExchange",
  "Principal",
  "Authentication",
  "Pageable",
  "Sort",
  "BindingResult",
  "Model",
  "ModelMap",
  "Errors",
  "Locale",
  "HttpHeaders",
  "HttpSession",
  "WebRequest",
]);
/** Spring Data binds a `Pageable` from these query parameters. */
const PAGEABLE: Param[] = [
  { name: "page", in: "query", type: "integer", required: false, constraints: { minimum: 0, default: 0 } },
  { name: "size", in: "query", type: "integer", required: false, constraints: { minimum: 1, default: 20 } },
  { name: "sort", in: "query", type: "string[]", required: false },
];
const STATUS: Record<string, number> = {
  OK: 200,
  CREATED: 201,
  ACCEPTED: 202,
  NO_CONTENT: 204,
  MOVED_PERMANENTLY: 301,
  FOUND: 302,
  NOT_MODIFIED: 304,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
};

interface Located {
  cls: JvmClass;
  file: FileFacts<JvmFileFacts>;
  /** Type arguments a subclass gave this class's parameters (`T` → `PetResponse`). */
  bindings?: Map<string, JvmType>;
}

class SpringLinker {
  private readonly bySimpleName = new Map<string, Located>();
  private readonly byQualified = new Map<string, Located>();
  private readonly dtos = new Map<string, Dto>();
  private readonly types = new Map<string, TypeDecl>();

  constructor(
    private readonly files: readonly FileFacts<JvmFileFacts>[],
    private readonly ctx: LinkContext,
  ) {
    for (const file of files) {
      for (const cls of file.facts.classes) {
        const located = { cls, file };
        if (!this.bySimpleName.has(cls.name)) this.bySimpleName.set(cls.name, located);
        this.byQualified.set(`${file.facts.package}.${cls.name}`, located);
      }
    }
  }

  link(): ScanContribution {
    const endpoints: Endpoint[] = [];
    for (const file of this.files) {
      for (const cls of file.facts.classes) {
        if (!cls.annotations.some((a) => CONTROLLERS.has(a.name))) continue;
        endpoints.push(...this.controllerEndpoints({ cls, file }));
      }
    }
    return { endpoints, dtos: [...this.dtos.values()], types: [...this.types.values()] };
  }

  /** A class by the name a file uses for it: its imports, its package, then any class of that name. */
  private resolve(name: string, from: FileFacts<JvmFileFacts>): Located | undefined {
    const imported = from.facts.imports[name];
    return (
      (imported ? this.byQualified.get(imported) : undefined) ??
      this.byQualified.get(`${from.facts.package}.${name}`) ??
      this.bySimpleName.get(name)
    );
  }

  /** The class, then its superclasses and interfaces (depth first). */
  private lineage(start: Located, seen = new Set<JvmClass>()): Located[] {
    if (seen.has(start.cls)) return [];
    seen.add(start.cls);
    const out = [start];
    for (const superType of start.cls.superTypes) {
      const parent = this.resolve(superType.name, start.file);
      if (!parent) continue;
      const bindings = new Map<string, JvmType>();
      parent.cls.typeParams.forEach((param, i) => {
        const arg = superType.args[i];
        if (arg) bindings.set(param, substitute(arg, start.bindings));
      });
      out.push(...this.lineage({ ...parent, bindings }, seen));
    }
    return out;
  }

  private controllerEndpoints(controller: Located): Endpoint[] {
    const props = propertiesFor(controller.file.path, this.ctx);
    const lineage = this.lineage(controller);
    const classMapping = lineage
      .map((l) => l.cls.annotations.find((a) => a.name === "RequestMapping"))
      .find(Boolean);
    const holder =
      lineage.find((l) => l.cls.annotations.some((a) => a.name === "RequestMapping")) ?? controller;
    const classPaths = classMapping ? this.paths(classMapping, holder, props) : [""];
    const classAuth = lineage.some((l) => l.cls.annotations.some((a) => AUTH.has(a.name)));
    const prefix = servletPrefix(props);
    const out: Endpoint[] = [];
    const done = new Set<string>();
    for (const owner of lineage) {
      for (const method of owner.cls.methods) {
        const key = `${method.name}/${method.params.length}`;
        if (done.has(key)) continue;
        // The most derived declaration is the handler; its mapping may come from a parent.
        const declarations = lineage.flatMap((l) =>
          l.cls.methods.filter((m) => `${m.name}/${m.params.length}` === key).map((m) => ({ m, l })),
        );
        const mapped = declarations.find(({ m }) => m.annotations.some((a) => a.name in MAPPINGS));
        if (!mapped) continue;
        done.add(key);
        const mapping = mapped.m.annotations.find((a) => a.name in MAPPINGS)!;
        const handlerOwner = declarations[0]!.l;
        const methods = declarations.map((d) => d.m);
        const params = method.params
          .map((_, i) => this.mergedParam(methods, i))
          .map((p) => ({ ...p, type: p.type && substitute(p.type, handlerOwner.bindings) }));
        const auth = classAuth || declarations.some(({ m }) => m.annotations.some((a) => AUTH.has(a.name)));
        const status = this.status(declarations.map((d) => d.m));
        for (const classPath of classPaths) {
          for (const methodPath of this.paths(mapping, mapped.l, props)) {
            const path = normalise(prefix + joinPaths(classPath, methodPath));
            for (const verb of this.verbs(mapping)) {
              const handler = {
                ...method,
                returns: method.returns && substitute(method.returns, handlerOwner.bindings),
              };
              out.push(this.endpoint(controller, mapped, verb, path, params, status, auth, handler));
            }
          }
        }
      }
    }
    return out;
  }

  private endpoint(
    controller: Located,
    mapped: { m: JvmMethod; l: Located },
    method: HttpMethod,
    path: string,
    vars: JvmVariable[],
    status: number | undefined,
    auth: boolean,
    handler: JvmMethod,
  ): Endpoint {
    const params: Param[] = [];
    let request: string | undefined;
    for (const v of vars) {
      const body = v.annotations.find((a) => a.name === "RequestBody");
      if (body) {
        request = this.typeText(v.type, mapped.l).text;
        continue;
      }
      if (v.type?.name === "Pageable" && v.annotations.length === 0) {
        params.push(...PAGEABLE);
        continue;
      }
      const param = this.param(v, mapped.l);
      if (param) params.push(param);
    }
    const returns = this.responseDto(handler.returns ?? mapped.m.returns, mapped.l);
    const response: EndpointResponse = { status: status ?? 200 };
    if (returns) response.dto = returns;
    const endpoint: Endpoint = {
      id: `${method} ${path}`,
      method,
      path,
      handler: `${controller.cls.name}.${handler.name}`,
      file: mapped.l.file.path,
      line: mapped.m.annotations.find((a) => a.name in MAPPINGS)?.line ?? mapped.m.line,
      params,
      responses: [response],
    };
    if (request && request !== "unknown") endpoint.request = request;
    if (auth) endpoint.auth = true;
    return endpoint;
  }

  /** A parameter as the most derived declaration that annotates it sees it. */
  private mergedParam(declarations: JvmMethod[], index: number): JvmVariable {
    const own = declarations[0]!.params[index]!;
    const annotated = declarations
      .map((m) => m.params[index])
      .find((p) => p?.annotations.some((a) => PARAM_ANNOTATIONS.has(a.name)));
    return annotated ? { ...own, annotations: annotated.annotations } : own;
  }

  private param(v: JvmVariable, owner: Located): Param | undefined {
    const annotation = v.annotations.find((a) => PARAM_ANNOTATIONS.has(a.name));
    const typeName = v.type?.name ?? "";
    if (!annotation && NOT_PARAMS.has(typeName)) return undefined;
    const where =
      annotation?.name === "PathVariable"
        ? "path"
        : annotation?.name === "RequestHeader"
          ? "header"
          : "query";
    if (annotation && !["PathVariable", "RequestParam", "RequestHeader"].includes(annotation.name))
      return undefined;
    const type = this.typeText(v.type, owner);
    // Without an annotation only a simple value binds from the query (`@RequestParam(required=false)`).
    if (!annotation && !isSimple(type.text, this.types)) return undefined;
    const args = annotation?.args ?? {};
    const name = str(args.value) ?? str(args.name) ?? v.name;
    const defaultValue = str(args.defaultValue);
    const optional = v.type?.nullable || v.type?.name === "Optional";
    const required =
      where === "path"
        ? true
        : annotation !== undefined && args.required?.k !== "bool"
          ? !defaultValue && !optional
          : args.required?.k === "bool" && args.required.v && !defaultValue;
    const constraints: Constraints = {
      ...(type.format ? { format: type.format } : {}),
      ...validationConstraints(v.annotations, type.isArray),
    };
    if (defaultValue !== undefined)
      constraints.default =
        type.text === "integer" || type.text === "number" ? Number(defaultValue) : defaultValue;
    const param: Param = { name, in: where, type: type.text, required };
    if (Object.keys(constraints).length > 0) param.constraints = constraints;
    return param;
  }

  private status(declarations: JvmMethod[]): number | undefined {
    for (const m of declarations) {
      const a = m.annotations.find((x) => x.name === "ResponseStatus");
      const value = a ? (a.args.value ?? a.args.code) : undefined;
      if (value?.k === "ref") return STATUS[value.path[value.path.length - 1] ?? ""];
    }
    return undefined;
  }

  private responseDto(type: JvmType | undefined, owner: Located): string | undefined {
    if (!type || VOID.has(type.name)) return undefined;
    if (WRAPPERS.has(type.name) && (!type.args[0] || VOID.has(type.args[0].name))) return undefined;
    const text = this.typeText(type, owner).text;
    const item = text.endsWith("[]") ? text.slice(0, -2) : text;
    return this.dtos.has(item) ? text : undefined;
  }

  private typeText(type: JvmType | undefined, owner: Located) {
    return jvmTypeText(type, (name) => this.modelName(name, owner));
  }

  /** Registers a project class met in a signature as a DTO or enum, and gives its name. */
  private modelName(name: string, from: Located): string | undefined {
    const found = this.resolve(name, from.file);
    if (!found) return undefined;
    const { cls, file } = found;
    if (cls.kind === "enum") {
      if (!this.types.has(cls.name))
        this.types.set(cls.name, {
          name: cls.name,
          kind: "enum",
          file: file.path,
          line: cls.line,
          values: cls.enumValues,
        });
      return cls.name;
    }
    if (cls.kind === "interface" || cls.kind === "annotation" || cls.kind === "object") return undefined;
    if (!this.dtos.has(cls.name)) {
      const dto: Dto = {
        name: cls.name,
        file: file.path,
        line: cls.line,
        fields: [],
        kind: file.path.endsWith(".kt")
          ? "kotlin-class"
          : cls.kind === "record"
            ? "java-record"
            : "java-class",
      };
      this.dtos.set(cls.name, dto);
      dto.fields = this.lineage(found)
        .reverse()
        .flatMap((l) => l.cls.fields.map((f) => this.field(f, l, file.path.endsWith(".kt"))))
        .filter((f): f is Field => f !== undefined);
    }
    return cls.name;
  }

  private field(v: JvmVariable, owner: Located, kotlin: boolean): Field | undefined {
    if (v.annotations.some((a) => a.name === "JsonIgnore")) return undefined;
    const type = this.typeText(v.type, owner);
    const renamed = v.annotations.find((a) => a.name === "JsonProperty");
    const name = str(renamed?.args.value) ?? v.name;
    const nullable = v.type?.nullable === true;
    const required =
      requiredByAnnotation(v.annotations) || (kotlin && !nullable && !v.hasDefault && !v.lateinit);
    const constraints: Constraints = {
      ...(type.format ? { format: type.format } : {}),
      ...validationConstraints(v.annotations, type.isArray),
    };
    return { name, type: nullable ? `${type.text} | null` : type.text, required, constraints };
  }

  private verbs(mapping: JvmAnnotation): HttpMethod[] {
    const fixed = MAPPINGS[mapping.name];
    if (fixed) return [fixed];
    const method = mapping.args.method;
    const refs = method?.k === "array" ? method.items : method ? [method] : [];
    const verbs = refs
      .map((r) => (r.k === "ref" ? (r.path[r.path.length - 1] as HttpMethod) : undefined))
      .filter((m): m is HttpMethod => !!m);
    // A @RequestMapping without `method` answers every method; GET stands for it (README).
    return verbs.length > 0 ? verbs : ["GET"];
  }

  private paths(annotation: JvmAnnotation, owner: Located, props: Properties): string[] {
    const value = annotation.args.value ?? annotation.args.path;
    const items = value?.k === "array" ? value.items : value ? [value] : [];
    const out = items.map((e) => this.constant(e, owner)).filter((s): s is string => s !== undefined);
    return (out.length > 0 ? out : [""]).map((p) => resolvePlaceholders(p, props));
  }

  /** A compile-time constant: literals, `+`, `ApiPaths.PETS`, a class's or file's own constants. */
  private constant(expr: JvmExpr, owner: Located, depth = 0): string | undefined {
    if (depth > 20) return undefined;
    switch (expr.k) {
      case "str":
        return expr.v;
      case "num":
        return String(expr.v);
      case "concat": {
        const parts = expr.parts.map((p) => this.constant(p, owner, depth + 1));
        return parts.every((p) => p !== undefined) ? parts.join("") : undefined;
      }
      case "ref": {
        const field = expr.path[expr.path.length - 1] ?? "";
        if (expr.path.length === 1) {
          const local = owner.cls.constants[field] ?? owner.file.facts.constants[field];
          if (local) return this.constant(local, owner, depth + 1);
          for (const l of this.lineage(owner)) {
            if (l.cls.constants[field]) return this.constant(l.cls.constants[field], l, depth + 1);
          }
          // A Kotlin top-level `const val` of the same package, or imported by name.
          const imported = owner.file.facts.imports[field];
          const pkg = imported ? imported.slice(0, imported.lastIndexOf(".")) : owner.file.facts.package;
          const file = this.files.find((f) => f.facts.package === pkg && f.facts.constants[field]);
          return file
            ? this.constant(file.facts.constants[field]!, { ...owner, file }, depth + 1)
            : undefined;
        }
        const target = this.resolve(expr.path[expr.path.length - 2] ?? "", owner.file);
        const value = target?.cls.constants[field];
        return value && target ? this.constant(value, target, depth + 1) : undefined;
      }
      default:
        return undefined;
    }
  }
}

/** A type with the class's type parameters replaced by what a subclass bound them to. */
function substitute(type: JvmType, bindings: Map<string, JvmType> | undefined): JvmType {
  if (!bindings || bindings.size === 0) return type;
  const bound = bindings.get(type.name);
  if (bound && type.args.length === 0)
    return { ...bound, array: bound.array || type.array, nullable: bound.nullable || type.nullable };
  return { ...type, args: type.args.map((a) => substitute(a, bindings)) };
}

function isSimple(type: string, types: Map<string, TypeDecl>): boolean {
  const base = type.endsWith("[]") ? type.slice(0, -2) : type;
  return ["string", "integer", "number", "boolean"].includes(base) || types.has(base);
}

function str(e: JvmExpr | undefined): string | undefined {
  return e?.k === "str" ? e.v : undefined;
}

/** Spring's join: `/pets` + `/{id}` → `/pets/{id}`; a method path without `/` gets one. */
function joinPaths(classPath: string, methodPath: string): string {
  const head = classPath && !classPath.startsWith("/") ? `/${classPath}` : classPath;
  if (!methodPath) return head || "/";
  return head.replace(/\/$/, "") + (methodPath.startsWith("/") ? methodPath : `/${methodPath}`);
}

/** `//` collapsed, `{id:\d+}` → `{id}`. */
function normalise(path: string): string {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (ch === "/" && out.endsWith("/")) continue;
    if (ch === "{") {
      const end = path.indexOf("}", i);
      const inner = path.slice(i + 1, end < 0 ? undefined : end);
      const colon = inner.indexOf(":");
      out += `{${colon >= 0 ? inner.slice(0, colon) : inner}}`;
      i = end < 0 ? path.length : end;
      continue;
    }
    out += ch;
  }
  return out.startsWith("/") ? out : `/${out}`;
}
