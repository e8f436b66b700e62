// The path an OpenAPI document's paths sit under. OpenAPI 3: "All API paths are relative to the
// server URL" (Server Object; `{variables}` take their `default`, a relative URL keeps its path,
// a Path Item's own `servers` override the document's). Swagger 2.0: `basePath`. Undefined when
// the servers disagree on the path: which one the API is served under is not known.

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});

/** "" for the root, "/v1" for a prefix, undefined when it cannot be known. */
export function serverPathOf(doc: Obj, item: Obj): string | undefined {
  if (typeof doc.swagger === "string") return trimmed(typeof doc.basePath === "string" ? doc.basePath : "");
  const servers = Array.isArray(item.servers) ? item.servers : Array.isArray(doc.servers) ? doc.servers : [];
  const paths = new Set(servers.map((s) => urlPath(obj(s))));
  if (paths.size === 0) return "";
  if (paths.size > 1 || paths.has(undefined)) return undefined;
  return [...paths][0];
}

function urlPath(server: Obj): string | undefined {
  if (typeof server.url !== "string") return undefined;
  const vars = obj(server.variables);
  let unknown = false;
  const url = server.url.replace(/\{([^}]*)\}/g, (_, name: string) => {
    const fallback = obj(vars[name]).default;
    if (typeof fallback !== "string") unknown = true;
    return String(fallback ?? "");
  });
  if (unknown) return undefined;
  const path = /^[a-z][\w+.-]*:\/\//i.test(url) ? url.replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, "") : url;
  return trimmed(path.replace(/[?#].*$/, ""));
}

/** "/a/b" without a trailing slash; "" for the root. */
const trimmed = (path: string): string => {
  const p = path.replace(/\/+$/, "");
  return p === "" || p.startsWith("/") ? p : `/${p}`;
};
