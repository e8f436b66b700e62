// Spring MVC in Java and Kotlin: `@RestController` classes, `@RequestMapping` on the class and
// `@GetMapping`/`@PostMapping`/`@RequestMapping(method=...)` on methods, mappings inherited from
// base classes and interfaces, constants (`ApiPaths.PETS`) and `${...}` placeholders in paths,
// `server.servlet.context-path` and `spring.mvc.servlet.path` as prefixes, `@PathVariable`/
// `@RequestParam`/`@RequestHeader`/`@RequestBody`, `@ResponseStatus`; DTOs (classes, records,
// Kotlin data classes) with Jackson and Bean Validation annotations; enums.

import { HTTP_STATUS_NAMES } from "../http-status-names.js";
import type { FileFacts, FrameworkScanner, LinkContext, ScanContribution } from "../scanner.js";
import type { Constraints, Endpoint, EndpointResponse, HttpMethod, Param, TypeDecl } from "../types.js";
import { ClassIndex, type Located, str, substitute } from "./jvm/class-index.js";
import { extractJava } from "./jvm/java-extract.js";
import type { JvmAnnotation, JvmFileFacts, JvmMethod, JvmType, JvmVariable } from "./jvm/jvm-facts.js";
import { VOID, validationConstraints, WRAPPERS } from "./jvm/jvm-types.js";
import { extractKotlin } from "./jvm/kotlin-extract.js";
import { SpringModels } from "./jvm/spring-models.js";
import { joinPaths, normalise } from "./jvm/spring-paths.js";
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
  version: 3, // 2: Kotlin `import a.b.C as D` binds D, `.*` none; 3: `package /* c */ a.b` is a.b
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

class SpringLinker {
  private readonly index: ClassIndex;
  private readonly models: SpringModels;

  constructor(
    private readonly files: readonly FileFacts<JvmFileFacts>[],
    private readonly ctx: LinkContext,
  ) {
    this.index = new ClassIndex(files);
    this.models = new SpringModels(this.index);
  }

  link(): ScanContribution {
    const endpoints: Endpoint[] = [];
    for (const file of this.files) {
      for (const cls of file.facts.classes) {
        if (!cls.annotations.some((a) => CONTROLLERS.has(a.name))) continue;
        endpoints.push(...this.controllerEndpoints({ cls, file }));
      }
    }
    return { endpoints, dtos: [...this.models.dtos.values()], types: [...this.models.types.values()] };
  }

  private controllerEndpoints(controller: Located): Endpoint[] {
    const props = propertiesFor(controller.file.path, this.ctx);
    const lineage = this.index.lineage(controller);
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
        request = this.models.typeText(v.type, mapped.l).text;
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
    const type = this.models.typeText(v.type, owner);
    // Without an annotation only a simple value binds from the query (`@RequestParam(required=false)`).
    if (!annotation && !isSimple(type.text, this.models.types)) return undefined;
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
      if (value?.k === "ref") return HTTP_STATUS_NAMES[value.path[value.path.length - 1] ?? ""];
    }
    return undefined;
  }

  private responseDto(type: JvmType | undefined, owner: Located): string | undefined {
    if (!type || VOID.has(type.name)) return undefined;
    if (WRAPPERS.has(type.name) && (!type.args[0] || VOID.has(type.args[0].name))) return undefined;
    const text = this.models.typeText(type, owner).text;
    const item = text.endsWith("[]") ? text.slice(0, -2) : text;
    return this.models.dtos.has(item) ? text : undefined;
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
    const out = items.map((e) => this.index.constant(e, owner)).filter((s): s is string => s !== undefined);
    return (out.length > 0 ? out : [""]).map((p) => resolvePlaceholders(p, props));
  }
}

function isSimple(type: string, types: Map<string, TypeDecl>): boolean {
  const base = type.endsWith("[]") ? type.slice(0, -2) : type;
  return ["string", "integer", "number", "boolean"].includes(base) || types.has(base);
}
