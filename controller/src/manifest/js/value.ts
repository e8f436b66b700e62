// A JavaScript/TypeScript expression as data: what extract keeps of the expressions that matter
// (route paths, prefixes, options, schemas), JSON-serialisable for the cache. Names defined at
// module level stay `id`s, resolved across files at link time (resolve.ts).

export type Value =
  /** A string; a regular expression literal is its pattern text with its flags in `re`. */
  | { k: "str"; v: string; re?: string }
  | { k: "num"; v: number }
  | { k: "bool"; v: boolean }
  | { k: "null" }
  | { k: "arr"; items: Value[] }
  /** `...of` as an item of an array: its items, once `of` resolves to an array. */
  | { k: "spread"; of: Value }
  | { k: "obj"; props: [string, Value][]; spreads?: Value[] }
  /** Concatenation: a template string or `a + b`. */
  | { k: "cat"; parts: Value[] }
  /** A module-level name of the file the value was written in. */
  | { k: "id"; name: string }
  /** A name imported from another module (`name` "default", "*" or the exported name). */
  | { k: "import"; from: string; name: string }
  /** `of.prop` or `of[prop]`. */
  | { k: "get"; of: Value; prop: Value }
  /** A call (or `new`); `at` (file:row:col) identifies the call site. */
  | { k: "call"; fn: Value; args: Value[]; at: string; line: number; isNew?: boolean }
  /** A function; its facts are in the module's `functions[id]`. */
  | { k: "fn"; id: string }
  | { k: "class"; name: string; file: string }
  /**
   * A function's parameter, optionally a property path inside it (`(app, { prefix })`); `rest`:
   * the array of the arguments from `index` on (`...args`, `arguments`).
   */
  | { k: "param"; fn: string; index: number; path?: string[]; rest?: true }
  /** The element of a loop (`for…of`, `.forEach`, `.map`) over `of`. */
  | { k: "each"; loop: string; of: Value }
  /**
   * Either of these, first the one most likely known statically (`a ?? b`, `a || b`). `choice`:
   * one of them by a condition the scan does not evaluate (`c ? a : b`): a string only when
   * every option gives the same one.
   */
  | { k: "or"; options: Value[]; choice?: true }
  | { k: "unknown"; text: string };

export const str = (v: string): Value => ({ k: "str", v });
export const unknown = (text: string): Value => ({ k: "unknown", text: text.slice(0, 80) });

/** The static string of a value, if it has exactly one. */
export function stringOf(v: Value | undefined): string | undefined {
  if (!v) return undefined;
  switch (v.k) {
    case "str":
      return v.v;
    case "num":
      return String(v.v);
    case "cat": {
      let out = "";
      for (const p of v.parts) {
        const s = stringOf(p);
        if (s === undefined) return undefined;
        out += s;
      }
      return out;
    }
    case "or":
      return v.choice ? sameString(v.options) : firstString(v.options);
    default:
      return undefined;
  }
}

function firstString(options: readonly Value[]): string | undefined {
  for (const o of options) {
    const s = stringOf(o);
    if (s !== undefined) return s;
  }
  return undefined;
}

/** The string every option gives, if they agree; a condition's branches that differ are unknown. */
function sameString(options: readonly Value[]): string | undefined {
  const strings = options.map(stringOf);
  const first = strings[0];
  return first !== undefined && strings.every((s) => s === first) ? first : undefined;
}

/** A property of an object value (last write wins, as in JavaScript). */
export function propOf(v: Value | undefined, name: string): Value | undefined {
  if (v?.k !== "obj") return undefined;
  for (let i = v.props.length - 1; i >= 0; i--) if (v.props[i]![0] === name) return v.props[i]![1];
  return undefined;
}

/** `a.b.c` → ["a", "b", "c"] for member chains on names; the method name of a call's callee. */
export function calleeName(fn: Value): string | undefined {
  if (fn.k === "id") return fn.name;
  if (fn.k === "import") return fn.name;
  if (fn.k === "get") return stringOf(fn.prop);
  return undefined;
}

/** The value with `f` applied to each direct sub-value (a structural map, one level deep). */
export function mapChildren(v: Value, f: (x: Value) => Value): Value {
  switch (v.k) {
    case "get":
      return { k: "get", of: f(v.of), prop: f(v.prop) };
    case "call":
      return { ...v, fn: f(v.fn), args: v.args.map(f) };
    case "cat":
      return { k: "cat", parts: v.parts.map(f) };
    case "or":
      return { ...v, options: v.options.map(f) };
    case "arr":
      return { k: "arr", items: v.items.map(f) };
    case "obj":
      return {
        k: "obj",
        props: v.props.map(([k, x]) => [k, f(x)] as [string, Value]),
        ...(v.spreads ? { spreads: v.spreads.map(f) } : {}),
      };
    case "each":
    case "spread":
      return { ...v, of: f(v.of) };
    default:
      return v;
  }
}

/** Calls `visit` on every sub-value, depth first. */
export function forEachChild(v: Value, visit: (x: Value) => void): void {
  mapChildren(v, (x) => {
    visit(x);
    return x;
  });
}
