/**
 * Fastify answers 404 for a known path with the wrong method; the contract wants 405 with Allow.
 * We record every route's pattern and, on a miss, look for the path under other methods.
 */
import type { FastifyInstance, RouteOptions } from "fastify";

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

function compilePattern(url: string): RegExp {
  const escaped = url
    .split("/")
    .map((seg) => {
      if (seg.startsWith(":")) return "[^/]+";
      if (seg === "*") return ".*";
      return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${escaped}$`);
}

export class RouteTable {
  private readonly routes = new Map<string, KnownRoute>();

  attach(app: FastifyInstance): void {
    app.addHook("onRoute", (route: RouteOptions) => this.add(route));
  }

  add(route: Pick<RouteOptions, "url" | "method">): void {
    const url = route.url;
    let known = this.routes.get(url);
    if (!known) {
      known = { pattern: compilePattern(url), methods: new Set() };
      this.routes.set(url, known);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) known.methods.add(m.toUpperCase());
  }

  /** Every registered route as [method, url template], e.g. ["GET", "/api/v1/issues/:id"]. */
  list(): [string, string][] {
    return [...this.routes].flatMap(([url, known]) =>
      [...known.methods].map((m): [string, string] => [m, url]),
    );
  }

  /** Methods that exist for this concrete path (without query string), sorted; empty if none. */
  allowedMethods(path: string): string[] {
    const found = new Set<string>();
    for (const known of this.routes.values()) {
      if (known.pattern.test(path)) for (const m of known.methods) found.add(m);
    }
    return [...found].sort();
  }
}

/**
 * The path as the router matched it: find-my-way decodes percent-escapes before matching, so
 * `/%61pi/x` is `/api/x` to it and must be to the 405 lookup too. decodeURI keeps `%2F` (and the
 * other reserved escapes) encoded, as the router does; a malformed escape is looked up raw.
 */
export function decodedLikeRouter(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
