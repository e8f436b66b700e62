// Recall and precision of a scan against an app's route table. A route is `METHOD path`, its
// parameters written `{}` whatever their names (Flask `<int:id>`, Django `(?P<pk>…)` and the
// manifest's `{id}` are the same slot). A truth route whose method is "*" (a Django function
// view answers every method) is matched by any found route on its path, and every found route
// on that path counts as right. A path written as a regular expression is matched by what the
// pattern accepts (regexMatches).

export interface Route {
  method: string;
  path: string;
  /** Other spellings of the same route (`/S/{id}` of `^S/(?P<id>…)/?$` is also `/S/{id}/`). */
  also?: string[];
}

export interface Score {
  truth: number;
  found: number;
  recalled: number;
  correct: number;
  recall: number;
  precision: number;
  missed: string[];
  extra: string[];
}

// Express 5's optional group (`/users{/:id}`, `{.:ext}`) is its text without the braces (the
// manifest writes the parameter as present, as it writes Express 4's `:id?`); a brace right after
// a parameter's name holding no parameter is its pattern (Hono's `:id{[0-9]+}`), and `{id}` a
// parameter already.
const openGroups = (path: string): string =>
  path.replace(/\{([^{}]*)\}/g, (group: string, inner: string, at: number) =>
    /^[\w$]*$/.test(inner) || (/:[\w$]+$/.test(path.slice(0, at)) && !/[:*]/.test(inner)) ? group : inner,
  );

const normalPath = (path: string): string =>
  `/${openGroups(path)}`
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/:\w+(\([^)]*\))?\??/g, "{}") // Express/Koa `:id`, `:scope(global)`, `:id?`
    .replace(/\*\w+/g, "{}") // Express 5 `*filepath`, Rails `*path`
    .replace(/\/{2,}/g, "/");

const key = (r: Route): string => `${r.method.toUpperCase()} ${normalPath(r.path)}`;

/**
 * A route table's path written as a regular expression (node-routes.cjs: `<mount>regexp:<source>`,
 * Express testing the pattern on the path below its mount) is matched by a found path when the
 * found path, each `{param}` given a sample value ("a" or "1", every combination), is one the
 * pattern accepts: the scan's template must name URLs the route answers.
 */
function regexMatches(truthPath: string, foundPath: string): boolean {
  const at = truthPath.indexOf("regexp:");
  const mount = truthPath.slice(0, at).replace(/\/$/, "");
  if (!foundPath.startsWith(mount)) return false;
  let pattern: RegExp;
  try {
    pattern = new RegExp(truthPath.slice(at + "regexp:".length));
  } catch {
    return false;
  }
  const slots = foundPath.slice(mount.length).split(/\{[^}]*\}/);
  if (slots.length > 7) return false;
  for (let combo = 0; combo < 2 ** (slots.length - 1); combo++) {
    const path = slots.reduce(
      (acc, text, i) => (i === 0 ? text : acc + ((combo >> (i - 1)) & 1 ? "1" : "a") + text),
      "",
    );
    if (pattern.test(path)) return true;
  }
  return false;
}

// Methods the manifest can hold (types.ts HttpMethod) and "*"; TRACE and CONNECT cannot be
// written in it, so a route table's TRACE is not counted.
const COUNTED = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "*"]);

export function score(truthRoutes: readonly Route[], foundRoutes: readonly Route[]): Score {
  const counted = truthRoutes.filter((r) => COUNTED.has(r.method.toUpperCase()));
  const truth = new Set(counted.map(key));
  // A found path spelled as one of a truth route's `also` is that route's path.
  const spelling = new Map<string, string>();
  for (const r of counted) for (const p of r.also ?? []) spelling.set(normalPath(p), normalPath(r.path));
  const regexRoutes = counted.filter((t) => t.path.includes("regexp:"));
  const respelled = (r: Route): Route => {
    // A found route that is a truth route as written stays that route (a pattern may match it too).
    if (truth.has(key(r))) return r;
    const regex = regexRoutes.find(
      (t) =>
        (t.method === "*" || t.method.toUpperCase() === r.method.toUpperCase()) &&
        regexMatches(t.path, r.path),
    );
    if (regex) return { method: r.method, path: regex.path };
    return { method: r.method, path: spelling.get(normalPath(r.path)) ?? r.path };
  };
  const found = new Set(foundRoutes.map((r) => key(respelled(r))));
  const anyMethod = new Set([...truth].filter((k) => k.startsWith("* ")).map((k) => k.slice(2)));
  const foundPaths = new Set([...found].map((k) => k.slice(k.indexOf(" ") + 1)));
  const recalledKeys = [...truth].filter((k) =>
    k.startsWith("* ") ? foundPaths.has(k.slice(2)) : found.has(k),
  );
  const correctKeys = [...found].filter((k) => truth.has(k) || anyMethod.has(k.slice(k.indexOf(" ") + 1)));
  const recalledSet = new Set(recalledKeys);
  const correctSet = new Set(correctKeys);
  return {
    truth: truth.size,
    found: found.size,
    recalled: recalledKeys.length,
    correct: correctKeys.length,
    // An app whose table is empty and whose scan is empty is right on both counts.
    recall: truth.size === 0 ? (found.size === 0 ? 1 : 0) : recalledKeys.length / truth.size,
    precision: found.size === 0 ? (truth.size === 0 ? 1 : 0) : correctKeys.length / found.size,
    missed: [...truth].filter((k) => !recalledSet.has(k)).sort(),
    extra: [...found].filter((k) => !correctSet.has(k)).sort(),
  };
}
