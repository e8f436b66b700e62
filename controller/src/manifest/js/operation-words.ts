// The OpenAPI words a JavaScript route's options carry, as Fastify's route schema and NestJS's
// @ApiOperation({...}) write them: operationId, summary, description.
import type { Endpoint } from "../types.js";
import { propOf, stringOf, type Value } from "./value.js";

/** Sets the endpoint's operation_id, summary and description from an options object, where given. */
export function readOperationWords(e: Endpoint, options: Value | undefined): void {
  const operationId = stringOf(propOf(options, "operationId"));
  if (operationId) e.operation_id = operationId;
  const summary = stringOf(propOf(options, "summary"));
  if (summary) e.summary = summary;
  const description = stringOf(propOf(options, "description"));
  if (description) e.description = description;
}
