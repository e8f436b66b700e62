// Handlers and middlewares are named by what the code wrote (`auth.requireUser`), not by what
// the name resolves to; a resolved argument keeps its written form alongside.

import { handlerName } from "./handler-name.js";
import type { JsProgram } from "./program.js";
import type { Value } from "./value.js";

type Named = Value & { written?: Value };

export const withName = (resolved: Value, written: Value): Value => ({ ...resolved, written }) as Named;
export const nameOf = (v: Value): Value => (v as Named).written ?? v;
export const unname = (v: Value): Value => {
  const { written: _, ...rest } = v as Named;
  return rest as Value;
};

const AUTH_WORDS = [
  "auth",
  "jwt",
  "guard",
  "token",
  "passport",
  "protect",
  "session",
  "login",
  "requireuser",
  "verify",
];
export const looksLikeAuth = (name: string): boolean =>
  AUTH_WORDS.some((w) => name.toLowerCase().includes(w));

/** A middleware made by a call (`bearerAuth({…})`, `passport.authenticate("jwt")`) is named by its maker. */
export function middlewareName(v: Value, program: JsProgram): string {
  if (v.k === "call") return handlerName(v.fn, program);
  return handlerName(v, program);
}
