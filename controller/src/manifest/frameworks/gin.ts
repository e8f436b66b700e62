// Gin and Go's net/http: `gin.Default()`/`gin.New()`, `Group(prefix)` nested and passed to
// functions and methods of other packages (`routes.Register(api)`, `h.RegisterRoutes(v1)`),
// `GET/POST/…`, `Handle(method, path)`, `Any`; `http.NewServeMux()` and `http.HandleFunc` with
// Go 1.22 patterns (`GET /items/{id}`). Parameters from the path and the handler's reads
// (`c.Query`, `c.GetHeader`, `ShouldBindQuery`), the body DTO from `ShouldBindJSON(&req)`,
// responses from `c.JSON(status, value)`; DTOs are the structs with their json and binding tags.

import type { FileFacts, FrameworkScanner, ScanContribution } from "../scanner.js";
import type { Endpoint, Param } from "../types.js";
import { extractGo } from "./go/go-extract.js";
import type { GoExpr, GoFileFacts, GoFunc } from "./go/go-facts.js";
import { readHandler } from "./go/go-handlers.js";
import { GoProgram, type GoRoute, joinGo, type RouterKind, templateGoPath } from "./go/go-linker.js";
import { GoStructs } from "./go/go-structs.js";
import { sortEndpoints } from "./python/py-scanner-kit.js";

// 3: a receiver names its type through parentheses and type arguments (`(*T)`, `*T[K]`); struct aliases.
const GO_FACTS_KEY = "go-outline@3";

function goScanner(name: RouterKind): FrameworkScanner<GoFileFacts> {
  return {
    name,
    kind: "framework",
    languages: ["go"],
    version: 1,
    factsKey: GO_FACTS_KEY,
    extract: (file) => (file.language === "go" ? extractGo(file.root) : undefined),
    link: (files) => linkGo(files, name),
  };
}

export const ginScanner = goScanner("gin");
export const netHttpScanner = goScanner("net/http");

function linkGo(files: readonly FileFacts<GoFileFacts>[], kind: RouterKind): ScanContribution {
  if (
    !files.some((f) =>
      Object.values(f.facts.imports).some((p) => p === "github.com/gin-gonic/gin" || p === "net/http"),
    )
  )
    return { endpoints: [], dtos: [], types: [] };
  const program = new GoProgram(files);
  program.run();
  const structs = new GoStructs(program);
  const endpoints = new Map<string, Endpoint>();
  for (const route of program.routes) {
    for (const chain of program.chains(route.node)) {
      if ((chain.kind ?? program.kinds.get(route.node)) !== kind) continue;
      const path = templateGoPath(joinGo(chain.prefix, route.path) || "/");
      const endpoint = buildEndpoint(route, path, program, structs);
      if (chain.guarded) endpoint.auth = true;
      if (!endpoints.has(endpoint.id)) endpoints.set(endpoint.id, endpoint);
    }
  }
  return { endpoints: sortEndpoints([...endpoints.values()]), dtos: structs.dtos(), types: [] };
}

function buildEndpoint(route: GoRoute, path: string, program: GoProgram, structs: GoStructs): Endpoint {
  const params: Param[] = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1]!,
    in: "path",
    type: "string",
    required: true,
  }));
  const { fn, name } = handlerOf(route, program);
  const endpoint: Endpoint = {
    id: `${route.method} ${path}`,
    method: route.method,
    path,
    handler: name,
    file: route.file,
    line: route.line,
    params,
    responses: [],
  };
  if (!fn) return endpoint;
  const facts = readHandler(fn);
  for (const p of facts.params) if (!params.some((q) => q.name === p.name && q.in === p.in)) params.push(p);
  if (facts.queryStruct) {
    for (const f of structs.fieldsOf(facts.queryStruct, "form"))
      if (!params.some((q) => q.name === f.name))
        params.push({
          name: f.name,
          in: "query",
          type: f.type,
          required: f.required,
          ...(Object.keys(f.constraints).length ? { constraints: f.constraints } : {}),
        });
  }
  if (facts.body) {
    const dto = structs.use(facts.body);
    if (dto) endpoint.request = dto;
  }
  for (const r of facts.responses) {
    const dto = r.type ? structs.use(r.type) : undefined;
    if (r.status === undefined && !dto) continue;
    if (endpoint.responses.some((x) => x.status === r.status && x.dto === dto)) continue;
    endpoint.responses.push({
      ...(r.status !== undefined ? { status: r.status } : {}),
      ...(dto ? { dto } : {}),
    });
  }
  mergeStatusAndBody(endpoint);
  return endpoint;
}

/**
 * net/http writes a status and a body in two calls (`w.WriteHeader(201)`, then
 * `json.NewEncoder(w).Encode(t)`): a lone 2xx status and a lone body are one response.
 */
function mergeStatusAndBody(endpoint: Endpoint): void {
  const statusOnly = endpoint.responses.filter((r) => r.status !== undefined && r.status < 300 && !r.dto);
  const bodyOnly = endpoint.responses.filter((r) => r.status === undefined && r.dto);
  if (statusOnly.length !== 1 || bodyOnly.length !== 1) return;
  statusOnly[0]!.dto = bodyOnly[0]!.dto;
  endpoint.responses = endpoint.responses.filter((r) => r !== bodyOnly[0]);
}

/** The handler's function and the name the manifest gives it (`Type.Method`, `pkg.Func`, `<inline>`). */
function handlerOf(route: GoRoute, program: GoProgram): { fn?: GoFunc; name: string } {
  const h: GoExpr | undefined = route.handler;
  if (!h) return { name: "<inline>" };
  if (h.k === "func") return { fn: h.fn, name: "<inline>" };
  if (h.k === "id") {
    const found = program.findFuncs(route.dir, h.name)[0];
    return { ...(found ? { fn: found.fn } : {}), name: h.name };
  }
  if (h.k === "sel") {
    const recv = program.evaluate(h.x, route.scope, route.dir, route.file);
    if (recv.t === "pkg") {
      const found = program.findFuncs(recv.dir, h.name)[0];
      return { ...(found ? { fn: found.fn } : {}), name: `${recv.dir.split("/").pop()}.${h.name}` };
    }
    const type = recv.t === "typed" ? recv.type.replace(/^\*/, "").split(".").pop() : undefined;
    const methods = program.findMethods(h.name, type);
    const only = methods.length === 1 ? methods[0] : undefined;
    const owner = type ?? only?.fn.recv ?? (h.x.k === "id" ? h.x.name : "");
    return { ...(only ? { fn: only.fn } : {}), name: owner ? `${owner}.${h.name}` : h.name };
  }
  if (h.k === "call") return { name: "<inline>" };
  return { name: "<inline>" };
}
