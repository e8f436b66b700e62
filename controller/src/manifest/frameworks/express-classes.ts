// A project's own router class over Express: a class written in a module that imports Express
// (or one extending such a class) whose methods register routes on `this`, verb first
// (`this.route("GET", "/users", handler)`) or Express-style, and turn them into an Express
// router elsewhere (`router[method](path, handler)` in a loop the scanner cannot follow). Its
// instances and its `this` are Express instances for linking (express.ts `creates`/`claims`).

import type { ClassFact } from "../js/module-facts.js";
import type { JsProgram } from "../js/program.js";

/** Some class of the lineage is written in a module that imports Express. */
export function wrapsExpress(
  lineage: readonly { file: string; fact: ClassFact }[],
  program: JsProgram,
): boolean {
  return lineage.some(({ file }) => importsExpress(program, file));
}

function importsExpress(program: JsProgram, file: string): boolean {
  const bindings = program.modules.get(file)?.bindings ?? {};
  return Object.values(bindings).some((b) => b.k === "import" && b.from === "express");
}
