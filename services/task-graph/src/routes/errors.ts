// The one table from the codes the domain (and the store ports) throw to HTTP statuses, in the
// style of fastify's lib/errors.js: code → status and the sentence a reader of the docs gets.
// The thrown error keeps its own, more specific sentence and details; only the status is added
// here. test/api/error-table.test.ts checks the table against the domain, SPEC §2 and /docs/json.
import { type ErrorSpec, HttpError } from "../../../../lib/service-kit/index.js";
import { DomainError, type DomainErrorCode } from "../domain/errors.js";
import { BackendUnavailableError } from "../ports/errors.js";

export const TASK_GRAPH_ERRORS = {
  VALIDATION_ERROR: { status: 400, message: "An argument breaks a rule of the domain." },
  ISSUE_NOT_FOUND: { status: 404, message: "The issue does not exist." },
  COMPONENT_NOT_FOUND: { status: 404, message: "The component does not exist." },
  DEPENDENCY_NOT_FOUND: { status: 404, message: "The issue does not depend on that one." },
  DUPLICATE_COMPONENT: { status: 409, message: "A component with that name exists in the project." },
  COMPONENT_IN_USE: { status: 409, message: "Issues still belong to the component." },
  CIRCULAR_DEPENDENCY: { status: 409, message: "The dependency would close a cycle." },
  OPEN_DEPENDENCIES: { status: 409, message: "A prerequisite of the issue is not closed." },
  ISSUE_CLOSED: { status: 409, message: "The issue is closed." },
  HAS_DEPENDENTS: { status: 409, message: "Other issues depend on the issue." },
  HAS_CLOSED_DEPENDENTS: { status: 409, message: "Closed issues depend on the issue." },
  ALREADY_CLAIMED: { status: 409, message: "Another agent holds a live claim on the issue." },
  REPOSITORY_NOT_FOUND: { status: 404, message: "The code repository does not exist." },
  REPOSITORY_EXISTS: { status: 409, message: "A code repository with that name exists." },
  REPOSITORY_READ_ONLY: {
    status: 409,
    message: "The repository is read from a folder: its files change on disk, not by upload.",
  },
  PATH_NOT_ALLOWED: { status: 403, message: "The folder may not be registered (see CODE_REGISTER_ROOTS)." },
  QUOTA_EXCEEDED: { status: 413, message: "The code repositories would hold more than a quota allows." },
  SYMBOL_NOT_FOUND: { status: 404, message: "The symbol is not in the code graph." },
  CODE_FILE_NOT_FOUND: { status: 404, message: "The file is not in the code graph." },
  GRAPH_TOO_LARGE: {
    status: 413,
    message: "The graph has more nodes than an export holds; narrow it with a filter.",
  },
  PRECONDITION_FAILED: { status: 412, message: "If-Match does not match the current representation." },
  BACKEND_UNAVAILABLE: { status: 503, message: "A backend the request needs does not answer." },
} as const satisfies Record<DomainErrorCode | BackendUnavailableError["code"], ErrorSpec>;

/** The HTTP error for what the domain or a store port threw; undefined for anything else. */
export function translateTaskGraphError(err: unknown): HttpError | undefined {
  if (err instanceof DomainError) {
    return new HttpError(TASK_GRAPH_ERRORS[err.code].status, err.code, err.message, err.details);
  }
  if (err instanceof BackendUnavailableError) {
    return new HttpError(TASK_GRAPH_ERRORS[err.code].status, err.code, err.message, {
      backend: err.backend,
    });
  }
  return undefined;
}
