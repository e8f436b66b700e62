// What the domain refuses: a machine code, a sentence and details, and nothing about HTTP.
// routes/errors.ts is the one place that gives each code its status.

export const DOMAIN_ERROR_CODES = [
  "VALIDATION_ERROR",
  "ISSUE_NOT_FOUND",
  "COMPONENT_NOT_FOUND",
  "DEPENDENCY_NOT_FOUND",
  "DUPLICATE_COMPONENT",
  "COMPONENT_IN_USE",
  "CIRCULAR_DEPENDENCY",
  "OPEN_DEPENDENCIES",
  "ISSUE_CLOSED",
  "HAS_DEPENDENTS",
  "HAS_CLOSED_DEPENDENTS",
  "ALREADY_CLAIMED",
  "PRECONDITION_FAILED",
  "REPOSITORY_NOT_FOUND",
  "REPOSITORY_EXISTS",
  "REPOSITORY_READ_ONLY",
  "PATH_NOT_ALLOWED",
  "QUOTA_EXCEEDED",
  "GRAPH_TOO_LARGE",
  "SYMBOL_NOT_FOUND",
  "CODE_FILE_NOT_FOUND",
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: DomainErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }
}

export const issueNotFound = (id: string) =>
  new DomainError("ISSUE_NOT_FOUND", `Issue "${id}" does not exist.`);

export const componentNotFound = (id: string) =>
  new DomainError("COMPONENT_NOT_FOUND", `Component "${id}" does not exist.`, { component_id: id });

/**
 * An argument that breaks a rule a schema cannot express (e.g. an issue depending on itself).
 * `location` names where the client put the field, as the schema's own validation errors do.
 */
export function invalidArgument(
  field: string,
  rule: string,
  location: "body" | "path" | "query",
): DomainError {
  return new DomainError("VALIDATION_ERROR", `Field "${field}" ${rule}.`, { field, location, rule });
}
