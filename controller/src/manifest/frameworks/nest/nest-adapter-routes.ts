// Routes a NestJS bootstrap adds on the underlying server: `app.getHttpAdapter().get("/", …)`
// (Nest's FAQ, "HTTP adapter": the adapter is Express's or Fastify's own, so these routes are
// the platform's and neither the global prefix nor versioning applies to them).

import { handlerName } from "../../js/handler-name.js";
import type { JsModule } from "../../js/module-facts.js";
import { pathParams, templatePath } from "../../js/paths.js";
import type { JsProgram } from "../../js/program.js";
import { stringOf, type Value } from "../../js/value.js";
import type { FileFacts } from "../../scanner.js";
import type { Endpoint, HttpMethod, Param } from "../../types.js";

const ADAPTER_METHODS: Record<string, HttpMethod> = {
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  delete: "DELETE",
};

const isAdapter = (v: Value): boolean =>
  v.k === "call" && v.fn.k === "get" && stringOf(v.fn.prop) === "getHttpAdapter";

/** A module of the Nest app: it imports a `@nestjs/` package (the adapter call is Nest's). */
const importsNest = (facts: JsModule): boolean =>
  Object.values(facts.bindings).some((b) => b.k === "import" && b.from.startsWith("@nestjs/"));

export function adapterRoutes(program: JsProgram, files: readonly FileFacts<JsModule>[]): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const { path: file, facts } of files) {
    if (!importsNest(facts)) continue;
    for (const call of facts.calls) {
      const method = ADAPTER_METHODS[stringOf(call.method) ?? ""];
      const raw = call.args[0] && stringOf(program.resolve(call.args[0], file));
      if (!method || raw === undefined || !isAdapter(call.recv)) continue;
      const path = templatePath(raw);
      endpoints.push({
        id: `${method} ${path}`,
        method,
        path,
        handler: handlerName(call.args[call.args.length - 1], program),
        file,
        line: call.line,
        params: pathParams(path).map((name): Param => ({ name, in: "path", type: "string", required: true })),
        responses: [{ status: 200 }],
      });
    }
  }
  return endpoints;
}
