/** Error codes specific to the auth service (the shared ones live in lib/service-kit/errors.ts). */
import { HttpError } from "../../../lib/service-kit/index.js";

export const AUTH_ERROR_CODES = {
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
} as const;

export function userNotFound(id: string): HttpError {
  return new HttpError(404, "USER_NOT_FOUND", `User "${id}" does not exist.`, { id });
}

export function emailTaken(email: string): HttpError {
  return new HttpError(409, "EMAIL_TAKEN", `The email "${email}" is already in use.`, { email });
}

/** Same message for an unknown email and a wrong password, so accounts cannot be probed. */
export function invalidCredentials(): HttpError {
  return new HttpError(401, "INVALID_CREDENTIALS", "Email or password is incorrect.");
}
