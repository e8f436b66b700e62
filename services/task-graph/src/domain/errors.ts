// The task graph's own error codes, in one table (shared codes come from lib/service-kit).
import { HttpError } from "../../../../lib/service-kit/index.js";

export const TASK_GRAPH_ERRORS = {
  ISSUE_NOT_FOUND: 404,
  COMPONENT_NOT_FOUND: 404,
  DEPENDENCY_NOT_FOUND: 404,
  DUPLICATE_COMPONENT: 409,
  COMPONENT_IN_USE: 409,
  CIRCULAR_DEPENDENCY: 409,
  OPEN_DEPENDENCIES: 409,
  ISSUE_CLOSED: 409,
  HAS_DEPENDENTS: 409,
  HAS_CLOSED_DEPENDENTS: 409,
  ALREADY_CLAIMED: 409,
  PRECONDITION_FAILED: 412,
  BACKEND_UNAVAILABLE: 503,
} as const;

export type TaskGraphErrorCode = keyof typeof TASK_GRAPH_ERRORS;

export function taskGraphError(code: TaskGraphErrorCode, message: string, details?: Record<string, unknown>) {
  return new HttpError(TASK_GRAPH_ERRORS[code], code, message, details);
}

export const issueNotFound = (id: string) =>
  taskGraphError("ISSUE_NOT_FOUND", `Issue "${id}" does not exist.`);

export const componentNotFound = (id: string) =>
  taskGraphError("COMPONENT_NOT_FOUND", `Component "${id}" does not exist.`, { component_id: id });

/** 400 VALIDATION_ERROR for rules a schema cannot express (e.g. length after trimming). */
export function invalidField(field: string, rule: string): HttpError {
  return new HttpError(400, "VALIDATION_ERROR", `Field "${field}" ${rule}.`, {
    field,
    location: "body",
    rule,
  });
}
