// Flask's rules added without a view, `app.add_url_rule("/", endpoint="index")`, served by the
// function bound to that endpoint with `@app.endpoint("index")` (Flask's API docs for both). The
// binding is per app or blueprint (a blueprint's endpoints are its own), in either order; a rule
// whose endpoint nothing binds serves nothing and is not listed.

import type { HttpMethod } from "../../types.js";
import type { CallSite } from "./py-evaluator.js";
import type { RouteTable } from "./py-routes.js";
import type { FuncValue, PyValue } from "./py-values.js";

interface UnboundRule {
  table: RouteTable;
  rule: string;
  endpoint: string;
  methods: HttpMethod[] | undefined;
  site: CallSite;
}

interface EndpointDecorator {
  table: RouteTable;
  endpoint: string;
}

export class EndpointBinder {
  private readonly rules: UnboundRule[] = [];
  private readonly views = new Map<RouteTable, Map<string, FuncValue>>();

  /** A rule added with an endpoint name and no view function. */
  rule(rule: UnboundRule): void {
    this.rules.push(rule);
  }

  /** The decorator `table.endpoint(name)` returns. */
  decorator(table: RouteTable, endpoint: string): PyValue {
    const data: EndpointDecorator = { table, endpoint };
    return { t: "obj", kind: "flask.endpoint", data };
  }

  decorate(decorator: PyValue, target: PyValue): void {
    if (decorator.t !== "obj" || decorator.kind !== "flask.endpoint" || target.t !== "func") return;
    const { table, endpoint } = decorator.data as EndpointDecorator;
    const views = this.views.get(table) ?? new Map<string, FuncValue>();
    views.set(endpoint, target);
    this.views.set(table, views);
  }

  /** Each rule whose endpoint a function was bound to, with that function. */
  *bound(): Generator<UnboundRule & { view: FuncValue }> {
    for (const rule of this.rules) {
      const view = this.views.get(rule.table)?.get(rule.endpoint);
      if (view) yield { ...rule, view };
    }
  }
}
