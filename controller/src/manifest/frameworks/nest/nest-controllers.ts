// A NestJS controller's route methods, with those inherited from base classes (type parameters
// bound: `extends CrudController<Cat>`), and whether guards protect them.

import type { ClassFact, DecoratorFact, MemberFact } from "../../js/module-facts.js";
import type { JsProgram } from "../../js/program.js";

export type Located = { file: string; fact: ClassFact };
export type RouteMethod = { owner: Located; member: MemberFact };

const PUBLIC = new Set(["Public", "SkipAuth", "AllowAnonymous"]);
const GUARDS = new Set(["UseGuards", "Auth", "Roles", "ApiBearerAuth"]);

/** `T[]` with T → Cat gives `Cat[]` (type texts are our own notation: names split on non-word characters). */
function substituteTypeParams(type: string, bindings: Map<string, string>): string {
  if (bindings.size === 0) return type;
  return type.replace(/[A-Za-z_$][\w$]*/g, (name) => bindings.get(name) ?? name);
}

function baseOf(program: JsProgram, c: Located): Located | undefined {
  if (!c.fact.extends) return undefined;
  return program.classOf(program.resolve(c.fact.extends, c.file));
}

/** The class's methods, inherited ones first (an own method of the same name wins). */
export function routeMethods(program: JsProgram, c: Located, seen = new Set<string>()): RouteMethod[] {
  if (seen.has(c.fact.name)) return [];
  seen.add(c.fact.name);
  const own = c.fact.members.filter((m) => m.kind === "method").map((member) => ({ owner: c, member }));
  const base = baseOf(program, c);
  if (!base) return own;
  // `extends CrudController<Cat>`: the base's `T` is `Cat` in this controller.
  const bindings = new Map(
    (base.fact.typeParams ?? []).map((t, i) => [t, c.fact.extendsTypeArgs?.[i] ?? "unknown"]),
  );
  const bind = (type: string | undefined) =>
    type === undefined ? type : substituteTypeParams(type, bindings);
  const inherited = routeMethods(program, base, seen)
    .filter((b) => !own.some((o) => o.member.name === b.member.name))
    .map(({ owner, member }) => ({
      owner,
      member: {
        ...member,
        type: bind(member.type),
        params: member.params.map((p) => ({ ...p, type: bind(p.type) })),
      },
    }));
  return [...inherited, ...own];
}

/** false for `@Public()`, true for a guard decorator, undefined when the decorators say nothing. */
export function guardedBy(decorators: readonly DecoratorFact[]): boolean | undefined {
  if (decorators.some((d) => PUBLIC.has(d.name))) return false;
  if (decorators.some((d) => GUARDS.has(d.name))) return true;
  return undefined;
}

/** The class's own guard decorators, else its base's. */
export function classAuth(program: JsProgram, c: Located): boolean | undefined {
  const base = baseOf(program, c);
  return guardedBy(c.fact.decorators) ?? (base ? guardedBy(base.fact.decorators) : undefined);
}
