// Which Neo4j failures mean "the backend is unavailable" (503) rather than a bug: the driver's
// connectivity codes and a transaction that ran out of time.
import { BackendUnavailableError } from "../../ports/errors.js";

const UNAVAILABLE_CODES = new Set(["ServiceUnavailable", "SessionExpired"]);

function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== "string") return false;
  return (
    UNAVAILABLE_CODES.has(code) ||
    code.startsWith("Neo.TransientError.") ||
    code.includes("TransactionTimedOut")
  );
}

export function classifyNeo4jError(error: unknown, where: string): Error {
  if (isUnavailable(error)) {
    const reason = error instanceof Error ? error.message : String(error);
    return new BackendUnavailableError("neo4j", `Neo4j at ${where} is unavailable: ${reason}`, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}
