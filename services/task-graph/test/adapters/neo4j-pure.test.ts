// The Neo4j adapter's parts that need no server: query building, integer conversion, record
// mapping, error classification — and that an unreachable server is reported as unavailable.
import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../../../lib/net/free-port.js";
import { classifyNeo4jError } from "../../src/adapters/neo4j-graph/errors.js";
import { Neo4jGraphStore } from "../../src/adapters/neo4j-graph/index.js";
import { issueProps, toComponent, toInt, toIssue, toNumber } from "../../src/adapters/neo4j-graph/mapping.js";
import {
  depthBound,
  findPathQuery,
  listIssuesQuery,
  walkQuery,
} from "../../src/adapters/neo4j-graph/queries.js";
import { BackendUnavailableError } from "../../src/ports/errors.js";

describe("Neo4j query building", () => {
  it("builds the traversal bound only from a validated integer", () => {
    expect(depthBound(1)).toBe("*1..1");
    expect(depthBound(50)).toBe("*1..50");
    for (const bad of [0, -1, 1.5, Number.NaN, 1001, Number.POSITIVE_INFINITY]) {
      expect(() => depthBound(bad)).toThrow(/traversal depth must be an integer 1..1000/);
    }
    expect(() => depthBound("3] DETACH DELETE n //" as unknown as number)).toThrow(RangeError);
  });

  it("asks the walk for one hop beyond max depth, in the right direction", () => {
    expect(walkQuery("dependents", 4)).toContain("(s)<-[:DEPENDS_ON*1..4]-(n:Issue)");
    expect(walkQuery("prerequisites", 2)).toContain("(s)-[:DEPENDS_ON*1..2]->(n:Issue)");
    expect(walkQuery("dependents", 4)).toContain("shortestPath((s)<-[:DEPENDS_ON*1..4]-(n))");
  });

  it("bounds findPath when asked and leaves it open otherwise", () => {
    expect(findPathQuery(3)).toContain("shortestPath((a)-[:DEPENDS_ON*1..3]->(b))");
    expect(findPathQuery()).toContain("[:DEPENDS_ON*1..]");
  });

  it("puts every filter value into parameters, never into the statement", () => {
    const q = listIssuesQuery({
      status: ["OPEN", "BLOCKED"],
      priority: ["HIGH"],
      component_id: "c-1",
      label: "x' OR 1=1",
      q: "LoGiN",
      offset: 0,
      limit: 20,
    });
    expect(q.page).toContain(
      "i.status IN $status AND i.priority IN $priority AND i.component_id = $component_id",
    );
    expect(q.page).toContain("ANY(l IN i.labels WHERE toLower(l) = $label)");
    expect(q.page).not.toContain("OR 1=1");
    expect(q.params).toEqual({
      status: ["OPEN", "BLOCKED"],
      priority: ["HIGH"],
      component_id: "c-1",
      label: "x' or 1=1",
      q: "login",
    });
    expect(q.count).toMatch(/RETURN count\(i\) AS n$/);
  });

  it("orders by the whitelisted key, ties by creation order ascending", () => {
    expect(listIssuesQuery({ offset: 0, limit: 5 }).page).toContain(
      "ORDER BY i.created_at, i.created_at, i.seq",
    );
    expect(listIssuesQuery({ sort: "-priority", offset: 0, limit: 5 }).page).toMatch(
      /WHEN 'CRITICAL' THEN 3 END DESC, i\.created_at, i\.seq/,
    );
    expect(listIssuesQuery({ sort: "-updated_at", offset: 0, limit: 5 }).page).toContain(
      "ORDER BY i.updated_at DESC",
    );
    expect(() => listIssuesQuery({ sort: "title; MATCH (n) DELETE n", offset: 0, limit: 5 })).toThrow(
      /sort must be one of/,
    );
  });
});

describe("Neo4j value conversion", () => {
  it("converts driver integers, bigints and numbers to numbers", () => {
    expect(toNumber(neo4j.int(42))).toBe(42);
    expect(toNumber(7n)).toBe(7);
    expect(toNumber(3)).toBe(3);
  });

  it("refuses integers that a JS number cannot hold exactly", () => {
    expect(() => toNumber(neo4j.int("9007199254740993"))).toThrow(/does not fit a JavaScript number/);
    expect(() => toNumber(2n ** 60n)).toThrow(/does not fit/);
    expect(() => toNumber("5")).toThrow(/expected an integer/);
  });

  it("sends SKIP/LIMIT values as Cypher integers", () => {
    expect(neo4j.isInt(toInt(20))).toBe(true);
    expect(toInt(20).toNumber()).toBe(20);
    expect(() => toInt(-1)).toThrow(/non-negative integer/);
  });

  it("maps an issue row back to the record, absent properties as null and []", () => {
    const row = {
      id: "i1",
      title: "T",
      description: "D",
      status: "OPEN",
      priority: "LOW",
      component_id: null,
      labels: null,
      created_at: "a",
      updated_at: "b",
      closed_at: null,
    };
    expect(toIssue(row)).toEqual({ ...row, labels: [] });
    const full = { ...row, component_id: "c1", labels: ["x", "y"], closed_at: "c" };
    expect(toIssue(full)).toEqual(full);
  });

  it("maps a component row and copies issue labels into the parameters", () => {
    const row = { id: "c", name: "n", description: "d", project: "p", created_at: "a", updated_at: "b" };
    expect(toComponent(row)).toEqual(row);
    const issue = toIssue({ id: "i", labels: ["a"] });
    const props = issueProps(issue);
    (issue.labels as string[]).push("b");
    expect(props.labels).toEqual(["a"]);
  });
});

describe("Neo4j failure behaviour", () => {
  it("classifies connectivity and timeout codes as unavailable, others as they are", () => {
    const down = Object.assign(new Error("Connection refused"), { code: "ServiceUnavailable" });
    expect(classifyNeo4jError(down, "bolt://h:7687")).toBeInstanceOf(BackendUnavailableError);
    const timedOut = Object.assign(new Error("t"), {
      code: "Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration",
    });
    expect(classifyNeo4jError(timedOut, "x")).toBeInstanceOf(BackendUnavailableError);
    const syntax = Object.assign(new Error("bad"), { code: "Neo.ClientError.Statement.SyntaxError" });
    expect(classifyNeo4jError(syntax, "x")).toBe(syntax);
  });

  it("reports a server that refuses connections as BackendUnavailableError without the password", async () => {
    const port = await freeLoopbackPort();
    const store = new Neo4jGraphStore({
      uri: `bolt://127.0.0.1:${port}`,
      user: "neo4j",
      password: "pw-secret",
      connectTimeoutMs: 1000,
    });
    const started = Date.now();
    const error = await store.init().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toContain(`Neo4j at bolt://127.0.0.1:${port} is unavailable`);
    expect((error as Error).message).not.toContain("pw-secret");
    expect(Date.now() - started).toBeLessThan(10_000);
    await store.close();
  });
});
