// A TypeScript Express handler typed with the framework's generics names its DTOs:
// `(req: Request<Params, ResBody, ReqBody, Query>, res: Response<ResBody>)`.

import { addFieldParams } from "../endpoint-params.js";
import type { Endpoint } from "../types.js";
import type { DeclaredTypes } from "./declared-types.js";
import type { JsProgram } from "./program.js";
import type { Value } from "./value.js";

/** A type argument that says something: not `{}`/`any`/`unknown`, not a primitive-free object literal. */
const meaningful = (t: string | undefined): t is string =>
  t !== undefined && t !== "unknown" && t !== "object";

export function addTypedHandler(
  e: Endpoint,
  handler: Value | undefined,
  program: JsProgram,
  declared: DeclaredTypes,
): void {
  if (handler?.k !== "fn") return;
  const [req, res] = program.fn(handler.id)?.params ?? [];
  const [, resBody, reqBody, query] = req?.type === "Request" ? (req.typeArgs ?? []) : [];
  if (meaningful(reqBody) && !e.request) e.request = reqBody;
  const responseDto = res?.type === "Response" && meaningful(res.typeArgs?.[0]) ? res.typeArgs[0] : resBody;
  if (meaningful(responseDto) && !e.responses.some((r) => r.dto)) e.responses.push({ dto: responseDto });
  if (meaningful(query)) addFieldParams(e, declared.fieldsOf(query) ?? [], "query");
}
