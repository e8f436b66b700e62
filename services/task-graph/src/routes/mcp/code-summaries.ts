// The short texts of the code-query tools (code-tools.ts).
import type { Static } from "@fastify/type-provider-typebox";
import type {
  FileInfoSchema,
  RepositoryStatsSchema,
  SymbolDetailSchema,
  SymbolHitList,
} from "../../schemas/code-queries.js";
import { counted, joined, listed, quoted, type Summariser } from "./summary-text.js";

const where = (s: { path: string; line: number }) => `${s.path}:${s.line}`;

/** The hits for `q` (an argument: the answer does not repeat it). */
export const summariseSymbolSearch: Summariser<Static<typeof SymbolHitList>> = ({ items }, args) =>
  listed(
    `${counted(items.length, "symbol")} match ${quoted(String(args.q))}${items.length ? ":" : "."}`,
    items.map((s) => `${s.kind} ${s.name} (${s.match}) ${s.repo}:${where(s)}`),
  );

export const summariseSymbol: Summariser<Static<typeof SymbolDetailSchema>> = (symbol) => {
  const heading =
    `${symbol.kind} ${symbol.name} at ${symbol.repo}:${where(symbol)}: ` +
    `${counted(symbol.callers_total, "caller")}, ${counted(symbol.callees_total, "callee")}, ` +
    `${counted(symbol.members.length, "member")}${symbol.callers.length ? "; callers:" : "."}`;
  return listed(
    heading,
    symbol.callers.map((c) => `${c.name} ${where(c)} (confidence ${c.confidence})`),
    symbol.callers_total,
  );
};

export const summariseFile: Summariser<Static<typeof FileInfoSchema>> = (info) => {
  const t = info.totals;
  const paths = (files: { path: string }[]) => joined(files.map((f) => f.path));
  return [
    `${info.file.repo}:${info.file.path} (${info.file.language}, ${counted(info.file.lines, "line")}): ` +
      `${counted(t.symbols, "symbol")}, imports ${t.imports}, imported by ${t.imported_by}, ` +
      `tests ${t.tests}, tested by ${t.tested_by}.`,
    `Imports: ${paths(info.imports)}`,
    `Imported by: ${paths(info.imported_by)}`,
    `Tested by: ${paths(info.tested_by)}`,
  ].join("\n");
};

export const summariseStats: Summariser<Static<typeof RepositoryStatsSchema>> = (stats) => {
  const languages = joined(stats.languages.map((l) => `${l.language} ${l.files}`));
  const e = stats.edges;
  return (
    `Repository ${stats.repo}: ${counted(stats.files, "file")}, ${counted(stats.lines, "line")}, ` +
    `${counted(stats.symbols, "symbol")}; languages ${languages}; edges IMPORTS ${e.IMPORTS}, ` +
    `REFERENCES ${e.REFERENCES}, TESTS ${e.TESTS}, CONTAINS ${e.CONTAINS}.`
  );
};
