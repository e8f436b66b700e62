// SPEC §2c: a request names its agent in X-Agent (1..100 characters, validated by the route's
// headers schema); events and activity record it as `actor`.
import type { FastifyRequest } from "fastify";
import { ANONYMOUS } from "../domain/events/changes.js";

/** The X-Agent of the request, trimmed, or undefined when it names none. */
export function agentOf(request: FastifyRequest): string | undefined {
  const raw = request.headers["x-agent"];
  const agent = typeof raw === "string" ? raw.trim() : "";
  return agent === "" ? undefined : agent;
}

/** Who makes the change: X-Agent, else "anonymous". */
export function actorOf(request: FastifyRequest): string {
  return agentOf(request) ?? ANONYMOUS;
}
