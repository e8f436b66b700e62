// Documents error statuses in OpenAPI with the shared error body.
import { ErrorBodySchema } from "../../../../lib/service-kit/index.js";

export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));
}
