// Refuses a request whose body or query holds a string that cannot be stored faithfully (NUL,
// a lone UTF-16 surrogate) with 400 VALIDATION_ERROR naming the field, before schema checks.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { HttpError } from "../../../../lib/service-kit/index.js";
import { findMalformed } from "../domain/text.js";

// A callback hook, not an async one: it runs on every request, list pages included.
export function refuseMalformedText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  for (const [location, value] of [
    ["body", request.body],
    ["query", request.query],
  ] as const) {
    if (value === undefined || value === null) continue;
    const bad = findMalformed(value);
    if (bad) {
      done(
        new HttpError(400, "VALIDATION_ERROR", `Field "${bad.field}" ${bad.rule}.`, {
          field: bad.field,
          location,
          rule: bad.rule,
        }),
      );
      return;
    }
  }
  done();
}
