// What is pushed onto a list an instance holds (`this._routers.push(router)`): a registry filled
// by calls (`server.addRouter({ path, router })`, or `server.components.push(new Dashboard())`
// by the code that builds the instance) and read in a loop (`this._routers.forEach((r) =>
// app.use(r.path, r.router))`). JavaScript runs the loop over every element pushed before it; a
// scan cannot order the calls, so every push counts.

import type { CallFact } from "./module-facts.js";
import { stringOf, type Value } from "./value.js";

/** What this reads of the program (JsProgram, which calls it: no import back). */
interface ProgramView {
  modules: ReadonlyMap<string, { calls: CallFact[] }>;
  handedTo(fnId: string, index: number): Value[];
  /** The instances (`new C()`) calls hand parameter `index` of `fnId`. */
  handedInstances(fnId: string, index: number): Value[];
  resolve(v: Value, file: string): Value;
  classOfThis(self: string, file: string): { fact: { props?: Record<string, Value> } } | undefined;
}

/** The values pushed onto `written` (`this.<prop>` inside a class), each resolved. */
export function pushedItems(program: ProgramView, written: Value, file: string): Value[] {
  const prop = written.k === "get" ? stringOf(written.prop) : undefined;
  const self = written.k === "get" && written.of.k === "id" ? written.of.name : undefined;
  if (!prop || !self?.startsWith("this:")) return [];
  const names = listNames(program.classOfThis(self, file)?.fact.props ?? {}, self, prop);
  const out: Value[] = [];
  for (const [path, m] of program.modules) {
    for (const call of m.calls) {
      const recv = call.recv;
      if (stringOf(call.method) !== "push" || recv.k !== "get" || !names.has(stringOf(recv.prop) ?? ""))
        continue;
      if (!isSelf(recv.of, path) && !isInstance(program.resolve(recv.of, path))) continue;
      for (const arg of call.args) {
        if (arg.k === "param" && !arg.path)
          out.push(...program.handedTo(arg.fn, arg.index), ...program.handedInstances(arg.fn, arg.index));
        else out.push(program.resolve(arg, path));
      }
    }
  }
  return out;

  function isSelf(of: Value, path: string): boolean {
    return of.k === "id" && of.name === self && path === file;
  }
  /** `server.components.push(x)` where `server = new WebServer()`, the class `this` names. */
  function isInstance(of: Value): boolean {
    return (
      of.k === "call" &&
      of.isNew === true &&
      of.fn.k === "class" &&
      of.fn.file === file &&
      `this:${of.fn.name}` === self
    );
  }
}

/** `prop`, and the accessors that return it (`get components() { return this._components; }`). */
function listNames(props: Record<string, Value>, self: string, prop: string): Set<string> {
  const names = new Set([prop]);
  for (const [name, v] of Object.entries(props))
    if (v.k === "get" && v.of.k === "id" && v.of.name === self && stringOf(v.prop) === prop) names.add(name);
  return names;
}
