// What a Go handler's body says about its request and responses: gin's `c.Query("q")`,
// `c.GetHeader("X")`, `c.ShouldBindJSON(&req)`, `c.JSON(http.StatusCreated, out)`, and net/http's
// `r.URL.Query().Get("q")`, `r.Header.Get("X")`, `json.NewDecoder(r.Body).Decode(&req)`,
// `w.WriteHeader(...)`, `json.NewEncoder(w).Encode(out)`.

import { HTTP_STATUS_NAMES } from "../../http-status-names.js";
import type { Param } from "../../types.js";
import type { GoExpr, GoFunc } from "./go-facts.js";

export interface HandlerFacts {
  params: Param[];
  /** The struct type bound from the body. */
  body?: string;
  /** A struct bound from the query string (`ShouldBindQuery(&q)`): its fields are query parameters. */
  queryStruct?: string;
  responses: { status?: number; type?: string }[];
}

const BODY_BINDS = new Set([
  "ShouldBindJSON",
  "BindJSON",
  "ShouldBind",
  "Bind",
  "ShouldBindWith",
  "MustBindWith",
  "Decode",
]);
const QUERY_BINDS = new Set(["ShouldBindQuery", "BindQuery"]);
const JSON_RESPONSES = new Set([
  "JSON",
  "IndentedJSON",
  "PureJSON",
  "SecureJSON",
  "AbortWithStatusJSON",
  "JSONP",
  "AsciiJSON",
]);
const STATUS_ONLY = new Set([
  "Status",
  "AbortWithStatus",
  "String",
  "Data",
  "WriteHeader",
  "Redirect",
  "File",
]);

export function readHandler(fn: GoFunc): HandlerFacts {
  const out: HandlerFacts = { params: [], responses: [] };
  const types = new Map<string, string>();
  for (const p of fn.params) types.set(p.name, p.type);
  const add = (name: string, where: Param["in"], extra: Partial<Param> = {}) => {
    if (!out.params.some((p) => p.name === name && p.in === where))
      out.params.push({ name, in: where, type: "string", required: false, ...extra });
  };
  const visit = (e: GoExpr | undefined): void => {
    if (e?.k !== "call") return;
    e.args.forEach(visit);
    if (e.fn.k === "sel") visit(e.fn.x);
    if (e.fn.k !== "sel") return;
    const m = e.fn.name;
    const first = e.args[0]?.k === "str" ? e.args[0].v : undefined;
    const chain = selText(e.fn.x);
    if ((m === "Query" || m === "DefaultQuery" || m === "GetQuery" || m === "QueryArray") && first)
      add(
        first,
        "query",
        m === "DefaultQuery" && e.args[1]?.k === "str" ? { constraints: { default: e.args[1].v } } : {},
      );
    else if (m === "Get" && first && chain.endsWith("Query()")) add(first, "query");
    else if ((m === "GetHeader" || (m === "Get" && chain.endsWith("Header"))) && first)
      add(first.toLowerCase(), "header");
    else if (BODY_BINDS.has(m) && e.args[0]) {
      const t = typeOf(e.args[0], types);
      if (t) out.body = t;
    } else if (QUERY_BINDS.has(m) && e.args[0]) {
      const t = typeOf(e.args[0], types);
      if (t) out.queryStruct = t;
    } else if (JSON_RESPONSES.has(m) && e.args.length >= 2) {
      const t = typeOf(e.args[1]!, types);
      out.responses.push({ ...statusOf(e.args[0]), ...(t ? { type: t } : {}) });
    } else if (m === "Encode" && e.args[0]) {
      const t = typeOf(e.args[0], types);
      out.responses.push(t ? { type: t } : {});
    } else if (STATUS_ONLY.has(m) && e.args[0]) {
      const s = statusOf(e.args[0]);
      if (s.status !== undefined) out.responses.push(s);
    }
  };
  for (const stmt of fn.body) {
    if (stmt.s === "bind") {
      const v = stmt.value;
      if (stmt.type) for (const n of stmt.names) types.set(n, stmt.type);
      else if (v?.k === "lit") for (const n of stmt.names) types.set(n, v.type);
      visit(v);
    } else visit(stmt.call);
  }
  return out;
}

function selText(e: GoExpr): string {
  if (e.k === "id") return e.name;
  if (e.k === "sel") return `${selText(e.x)}.${e.name}`;
  if (e.k === "call") return `${selText(e.fn)}()`;
  return "";
}

/** The declared type of `&req`, `req`, `T{…}`, `[]T{…}` (`T[]`, written in Go's notation). */
function typeOf(e: GoExpr, types: Map<string, string>): string | undefined {
  if (e.k === "lit") return e.type || undefined;
  if (e.k === "id") return types.get(e.name);
  return undefined;
}

function statusOf(e: GoExpr | undefined): { status?: number } {
  if (e?.k === "num") return { status: e.v };
  if (e?.k === "sel" && e.name.startsWith("Status")) {
    const snake = e.name
      .slice("Status".length)
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .toUpperCase();
    const code = HTTP_STATUS_NAMES[snake];
    return code ? { status: code } : {};
  }
  return {};
}
