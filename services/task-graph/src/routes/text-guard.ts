// Refuses a request whose body or query holds a string that cannot be stored faithfully (NUL,
// a lone UTF-16 surrogate) with 400 VALIDATION_ERROR naming the field, before schema checks.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { HttpError } from "../../../../lib/service-kit/index.js";
import { findMalformed, findMalformedInSlices, type Malformed } from "../domain/text.js";
import { MCP_PATH } from "./api-key.js";

// A callback hook, not an async one: it runs on every request, list pages included.
export function refuseMalformedText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // MCP tool arguments are checked by the tool (routes/mcp/tool-runner.ts), so that the refusal
  // is a tool result naming the argument rather than an HTTP error about the JSON-RPC envelope.
  if (request.routeOptions.url === MCP_PATH) {
    done();
    return;
  }
  // A large body (a code upload) is walked between turns of the event loop: same answer.
  if (Number(request.headers["content-length"] ?? 0) > SLICED_FROM_BYTES) {
    findMalformedInSlices(request.body).then(
      (bad) => done(bad ? refusal(bad, "body") : (malformedText(request.query, "query") ?? undefined)),
      (err: Error) => done(err),
    );
    return;
  }
  for (const [location, value] of [
    ["body", request.body],
    ["query", request.query],
  ] as const) {
    const refusal = malformedText(value, location);
    if (refusal) {
      done(refusal);
      return;
    }
  }
  done();
}

/** The 400 for the first string in `value` that cannot be stored, or null (also for MCP arguments). */
export function malformedText(value: unknown, location: string): HttpError | null {
  if (value === undefined || value === null) return null;
  const bad = findMalformed(value);
  return bad ? refusal(bad, location) : null;
}

function refusal(bad: Malformed, location: string): HttpError {
  return new HttpError(400, "VALIDATION_ERROR", `Field "${bad.field}" ${bad.rule}.`, {
    field: bad.field,
    location,
    rule: bad.rule,
  });
}

/** Bodies larger than this are walked in slices of the event loop. */
const SLICED_FROM_BYTES = 1024 * 1024;
