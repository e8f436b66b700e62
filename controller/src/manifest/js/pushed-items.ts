// What a class's methods push onto a list the instance holds (`this._routers.push(router)`): a
// registry filled by calls (`server.addRouter({ path, router })`) and read in a loop
// (`this._routers.forEach((r) => app.use(r.path, r.router))`). JavaScript runs the loop over
// every element pushed before it; a scan cannot order the calls, so every push counts.

import type { CallFact } from "./module-facts.js";
import { stringOf, type Value } from "./value.js";

/** What this reads of the program (JsProgram, which calls it: no import back). */
interface ProgramView {
  modules: ReadonlyMap<string, { calls: CallFact[] }>;
  handedTo(fnId: string, index: number): Value[];
  resolve(v: Value, file: string): Value;
}

/** The values pushed onto `written` (`this.<prop>` inside a class), each resolved. */
export function pushedItems(program: ProgramView, written: Value, file: string): Value[] {
  const prop = written.k === "get" ? stringOf(written.prop) : undefined;
  const self = written.k === "get" && written.of.k === "id" ? written.of.name : undefined;
  if (!prop || !self?.startsWith("this:")) return [];
  const out: Value[] = [];
  for (const [path, m] of program.modules) {
    for (const call of m.calls) {
      const recv = call.recv;
      if (stringOf(call.method) !== "push" || recv.k !== "get" || stringOf(recv.prop) !== prop) continue;
      if (recv.of.k !== "id" || recv.of.name !== self || path !== file) continue;
      for (const arg of call.args) {
        if (arg.k === "param" && !arg.path) out.push(...program.handedTo(arg.fn, arg.index));
        else out.push(program.resolve(arg, path));
      }
    }
  }
  return out;
}
