// What a NestJS route method's decorators say about one endpoint: parameters (@Param, @Query,
// @Headers, @Body with pipes and DTOs), the success status (@HttpCode) and @ApiOperation's words.

import { addFieldParams, upsertParam } from "../../endpoint-params.js";
import { HTTP_STATUS_NAMES } from "../../http-status-names.js";
import type { DeclaredTypes } from "../../js/declared-types.js";
import type { MemberFact } from "../../js/module-facts.js";
import { readOperationWords } from "../../js/operation-words.js";
import type { JsProgram } from "../../js/program.js";
import { calleeName, stringOf, type Value } from "../../js/value.js";
import type { Endpoint, Param } from "../../types.js";

const PIPE_TYPES: Record<string, string> = {
  ParseIntPipe: "integer",
  ParseFloatPipe: "number",
  ParseBoolPipe: "boolean",
  ParseUUIDPipe: "string",
};
const PLACES: Record<string, Param["in"]> = {
  Param: "path",
  Query: "query",
  Headers: "header",
  Body: "body",
};

/** `@HttpCode(204)` or `@HttpCode(HttpStatus.NO_CONTENT)`, Nest's enum of status names. */
export function statusOf(program: JsProgram, v: Value | undefined, file: string): number | undefined {
  const r = v && program.resolve(v, file);
  if (r?.k === "num") return r.v;
  const name = r?.k === "get" ? stringOf(r.prop) : undefined;
  return name === undefined ? undefined : HTTP_STATUS_NAMES[name];
}

/** @nestjs/swagger's @ApiOperation({ summary, description, operationId }): the route's own words. */
export function describeOperation(program: JsProgram, e: Endpoint, member: MemberFact, file: string): void {
  const op = member.decorators.find((d) => d.name === "ApiOperation")?.args[0];
  if (op) readOperationWords(e, program.resolve(op, file));
}

export function describeParams(
  program: JsProgram,
  declared: DeclaredTypes,
  e: Endpoint,
  member: MemberFact,
  file: string,
): void {
  for (const p of member.params) {
    for (const d of p.decorators) {
      const where = PLACES[d.name];
      if (!where) continue;
      const name = d.args[0] ? stringOf(program.resolve(d.args[0], file)) : undefined;
      const pipe = d.args.map((a) => calleeName(a.k === "call" ? a.fn : a)).find((n) => n && PIPE_TYPES[n]);
      const type = (pipe && PIPE_TYPES[pipe]) ?? p.type ?? "unknown";
      if (where === "body" && name === undefined) {
        e.request = type;
        continue;
      }
      if (name !== undefined) {
        upsertParam(e, { name, in: where, type, required: where === "path" || !p.optional });
        continue;
      }
      // `@Query() query: ListQuery`: each field of the DTO is a parameter.
      addFieldParams(e, declared.fieldsOf(type) ?? [], where);
    }
  }
}
