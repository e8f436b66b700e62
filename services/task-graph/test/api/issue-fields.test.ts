// IssueSchema (src/schemas/issue.ts) is the one list of an issue's fields. Code that must spell
// them out for speed or for another language (the view literal, the Neo4j mapping, Cypher)
// is held to it here, as is the e2e scenarios' copy (modules/support.ts; see the README for why
// it is a copy): renaming, adding or dropping a field in the schema fails this file until every
// place follows.
import { describe, expect, it } from "vitest";
import { ISSUE_FIELDS as SCENARIO_ISSUE_FIELDS } from "../../modules/support.js";
import { issueProps, toIssue } from "../../src/adapters/neo4j-graph/mapping.js";
import * as cypher from "../../src/adapters/neo4j-graph/queries.js";
import { issueView } from "../../src/domain/issue-view.js";
import type { IssueRecord } from "../../src/ports/graph-store.js";
import {
  CreateIssueBody,
  ISSUE_FIELDS,
  ISSUE_RECORD_FIELDS,
  IssueSchema,
  PatchIssueBody,
} from "../../src/schemas/issue.js";

const SCHEMA_FIELDS = Object.keys(IssueSchema.properties);
const NOW = "2026-11-24T12:00:00.000";

const claimed: IssueRecord = {
  id: "i-1",
  title: "t",
  description: "d",
  status: "OPEN",
  priority: "HIGH",
  component_id: "c-1",
  labels: ["x"],
  created_at: NOW,
  updated_at: NOW,
  closed_at: null,
  assignee: "agent",
  claim_expires_at: "2026-11-24T13:00:00.000",
  code_refs: ["src/a.ts#f"],
};

// Properties a Neo4j issue node has beyond the schema's: the store's own bookkeeping.
const STORE_ONLY_PROPERTIES = ["seq", "readiness", "gantry_lock"];

/** Every Cypher text the adapter sends, with each builder called once. */
function allCypher(): string[] {
  const texts = Object.values(cypher).filter((v): v is string => typeof v === "string");
  const list = cypher.listIssuesQuery({
    status: ["OPEN"],
    priority: ["HIGH"],
    component_id: "c",
    label: "l",
    q: "q",
    readiness: "blocked",
    unclaimed_at: NOW,
    sort: "-priority",
    offset: 0,
    limit: 20,
  });
  return [
    ...texts,
    ...cypher.SCHEMA,
    list.count,
    list.page,
    cypher.findPathQuery(5),
    cypher.walkQuery("dependents", 3),
    cypher.walkQuery("prerequisites", 3),
  ];
}

/** Property names read or written on issue nodes: `v.prop` for the variables bound to :Issue, and `(:Issue {prop: …})`. */
function issuePropertiesIn(text: string): string[] {
  const issueVariables = new Set<string>();
  for (const m of text.matchAll(/\((\w+):Issue\b/g)) issueVariables.add(m[1]!);
  // Variables ranging over issue nodes in list comprehensions and FOREACH.
  for (const m of text.matchAll(/\[(\w+) IN nodes\(/g)) issueVariables.add(m[1]!);
  for (const m of text.matchAll(/FOREACH \((\w+) IN /g)) issueVariables.add(m[1]!);
  const props = new Set<string>();
  for (const v of issueVariables) {
    for (const m of text.matchAll(new RegExp(`\\b${v}\\.(\\w+)`, "g"))) props.add(m[1]!);
  }
  for (const m of text.matchAll(/:Issue \{(\w+):/g)) props.add(m[1]!);
  return [...props];
}

describe("the issue's fields, from IssueSchema", () => {
  it("are listed in the schema's order by ISSUE_FIELDS, and stored without the two edge lists", () => {
    expect(ISSUE_FIELDS).toEqual(SCHEMA_FIELDS);
    expect(ISSUE_RECORD_FIELDS).toEqual(SCHEMA_FIELDS.filter((f) => f !== "depends_on" && f !== "blocks"));
  });

  it("are exactly what the API view builds, in the schema's order", () => {
    const view = issueView(claimed, { depends_on: ["a"], blocks: ["b"] }, NOW);
    expect(Object.keys(view)).toEqual(SCHEMA_FIELDS);
  });

  it("are exactly what the Neo4j mapping reads from a row and writes as node properties", () => {
    const row = Object.fromEntries(ISSUE_RECORD_FIELDS.map((f) => [f, claimed[f]]));
    expect(Object.keys(toIssue(row)).sort()).toEqual([...ISSUE_RECORD_FIELDS].sort());
    expect(toIssue(row)).toEqual(claimed);
    expect(Object.keys(issueProps(claimed)).sort()).toEqual([...ISSUE_RECORD_FIELDS].sort());
  });

  it("are what the Cypher map projection of an issue returns", () => {
    const projected = [...cypher.issueMap("i").matchAll(/\.(\w+)/g)].map((m) => m[1]);
    expect(projected).toEqual(ISSUE_RECORD_FIELDS);
  });

  it("cover every issue-node property the Cypher statements read or set, beside the store's own", () => {
    const used = new Set(allCypher().flatMap(issuePropertiesIn));
    const allowed = new Set<string>([...ISSUE_RECORD_FIELDS, ...STORE_ONLY_PROPERTIES]);
    expect([...used].filter((p) => !allowed.has(p))).toEqual([]);
    // The scan does see the statements' properties (so the check above can fail).
    expect(used).toContain("claim_expires_at");
    expect(used).toContain("readiness");
  });

  it("include every field a create or patch body may set", () => {
    for (const body of [CreateIssueBody, PatchIssueBody]) {
      expect(Object.keys(body.properties).filter((f) => !SCHEMA_FIELDS.includes(f))).toEqual([]);
    }
  });

  it("are the ones the e2e scenarios expect an issue answer to have", () => {
    expect([...SCENARIO_ISSUE_FIELDS].sort()).toEqual([...SCHEMA_FIELDS].sort());
  });
});
