// The name a route's handler is listed under: `usersController.list`, `listUsers`, `<inline>`.

import type { JsProgram } from "./program.js";
import { stringOf, type Value } from "./value.js";

export function handlerName(v: Value | undefined, program: JsProgram): string {
  if (!v) return "<inline>";
  switch (v.k) {
    case "id":
      return v.name;
    case "import":
      return v.name === "default"
        ? v.from
            .split("/")
            .pop()!
            .replace(/\.[jt]s$/, "")
        : v.name;
    case "get": {
      const of = v.of.k === "id" ? v.of.name : v.of.k === "get" ? handlerName(v.of, program) : undefined;
      const prop = stringOf(v.prop);
      return of && prop ? `${of}.${prop}` : (prop ?? "<inline>");
    }
    case "fn":
      return program.fn(v.id)?.name ?? "<inline>";
    case "call": {
      // A wrapper such as asyncHandler(listUsers): name the wrapped function.
      const inner = v.args[v.args.length - 1];
      return inner ? handlerName(inner, program) : handlerName(v.fn, program);
    }
    default:
      return "<inline>";
  }
}
