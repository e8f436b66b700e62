// How Spring writes a route's path: class and method mappings joined, `{id:\\d+}` → `{id}`.

/** Spring's join: `/pets` + `/{id}` → `/pets/{id}`; a method path without `/` gets one. */
export function joinPaths(classPath: string, methodPath: string): string {
  const head = classPath && !classPath.startsWith("/") ? `/${classPath}` : classPath;
  if (!methodPath) return head || "/";
  return head.replace(/\/$/, "") + (methodPath.startsWith("/") ? methodPath : `/${methodPath}`);
}

/** `//` collapsed, `{id:\d+}` → `{id}`. */
export function normalise(path: string): string {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (ch === "/" && out.endsWith("/")) continue;
    if (ch === "{") {
      const end = path.indexOf("}", i);
      const inner = path.slice(i + 1, end < 0 ? undefined : end);
      const colon = inner.indexOf(":");
      out += `{${colon >= 0 ? inner.slice(0, colon) : inner}}`;
      i = end < 0 ? path.length : end;
      continue;
    }
    out += ch;
  }
  return out.startsWith("/") ? out : `/${out}`;
}
