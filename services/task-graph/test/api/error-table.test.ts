// routes/errors.ts is the one place that gives the domain's error codes their HTTP status. This
// checks it three ways: against the codes the domain's source actually throws (none missing,
// none unused), against the statuses SPEC §2 promises, and against the statuses each operation
// of the served OpenAPI document says it can answer.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";
import { DOMAIN_ERROR_CODES } from "../../src/domain/errors.js";
import { BackendUnavailableError } from "../../src/ports/errors.js";
import { TASK_GRAPH_ERRORS } from "../../src/routes/errors.js";

const DOMAIN_DIR = join(import.meta.dirname, "../../src/domain");

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(join(dir, f), "utf8"));
}

/** Every code written as `new DomainError("CODE"` in src/domain (the only way to throw one). */
function codesThrownByDomain(): string[] {
  const codes = new Set<string>();
  for (const text of sourcesUnder(DOMAIN_DIR)) {
    for (const m of text.matchAll(/new DomainError\(\s*"([A-Z_]+)"/g)) codes.add(m[1]!);
  }
  return [...codes].sort();
}

// SPEC "Common" and §2, code by code (README "API decisions" for the codes SPEC names no status
// for: a duplicate component name and reopening under a closed dependent are conflicts).
const SPEC_STATUS: Record<string, number> = {
  VALIDATION_ERROR: 400,
  ISSUE_NOT_FOUND: 404,
  COMPONENT_NOT_FOUND: 404,
  DEPENDENCY_NOT_FOUND: 404,
  DUPLICATE_COMPONENT: 409,
  COMPONENT_IN_USE: 409,
  CIRCULAR_DEPENDENCY: 409,
  OPEN_DEPENDENCIES: 409,
  ISSUE_CLOSED: 409,
  HAS_DEPENDENTS: 409,
  HAS_CLOSED_DEPENDENTS: 409,
  ALREADY_CLAIMED: 409,
  PRECONDITION_FAILED: 412,
  // SPEC §4 names no status: an unknown repository is a missing resource, a taken name a conflict.
  REPOSITORY_NOT_FOUND: 404,
  REPOSITORY_EXISTS: 409,
  // Issue 25: uploading into a folder's repository is a conflict with its source of truth; a
  // folder outside CODE_REGISTER_ROOTS is forbidden whoever asks; a quota is a body too large.
  REPOSITORY_READ_ONLY: 409,
  PATH_NOT_ALLOWED: 403,
  QUOTA_EXCEEDED: 413,
  // SPEC §2c code queries: an unknown symbol id or file path is a missing resource.
  SYMBOL_NOT_FOUND: 404,
  CODE_FILE_NOT_FOUND: 404,
  // SPEC §2c: a graph export past its node limit is 413 asking for a filter.
  GRAPH_TOO_LARGE: 413,
  BACKEND_UNAVAILABLE: 503,
};

const EVERY_STORE_OPERATION = [
  "createIssue",
  "listIssues",
  "listBlockedIssues",
  "listWorkableIssues",
  "getIssue",
  "updateIssue",
  "deleteIssue",
  "claimIssue",
  "releaseIssueClaim",
  "addDependency",
  "getDependencies",
  "removeDependency",
  "createComponent",
  "listComponents",
  "getComponent",
  "updateComponent",
  "deleteComponent",
  "analyzeImpact",
  "analyzeRootCause",
  "getDependencyChain",
  "addDependencies",
  "exportGraph",
  "listProjects",
  "analyzeComponentImpact",
  "listAgents",
];

// Which operations answer which code (SPEC §2 and the README's API decisions).
const OPERATIONS_OF: Record<string, string[]> = {
  VALIDATION_ERROR: ["addDependency", "addDependencies", "createCodeRepository", "uploadCodeFiles"],
  ISSUE_NOT_FOUND: [
    "getIssue",
    "updateIssue",
    "deleteIssue",
    "claimIssue",
    "releaseIssueClaim",
    "addDependency",
    "getDependencies",
    "removeDependency",
    "analyzeImpact",
    "getDependencyChain",
    "addDependencies",
    "exportGraph",
  ],
  COMPONENT_NOT_FOUND: [
    "createIssue",
    "updateIssue",
    "getComponent",
    "updateComponent",
    "deleteComponent",
    "analyzeRootCause",
    "analyzeComponentImpact",
  ],
  DEPENDENCY_NOT_FOUND: ["removeDependency"],
  DUPLICATE_COMPONENT: ["createComponent", "updateComponent"],
  COMPONENT_IN_USE: ["deleteComponent"],
  CIRCULAR_DEPENDENCY: ["addDependency", "addDependencies"],
  OPEN_DEPENDENCIES: ["updateIssue"],
  ISSUE_CLOSED: ["addDependency", "addDependencies", "claimIssue"],
  HAS_DEPENDENTS: ["deleteIssue"],
  HAS_CLOSED_DEPENDENTS: ["updateIssue"],
  ALREADY_CLAIMED: ["claimIssue", "releaseIssueClaim"],
  PRECONDITION_FAILED: ["updateIssue", "deleteIssue"],
  REPOSITORY_NOT_FOUND: ["getCodeRepository", "deleteCodeRepository", "getAgentContext"],
  REPOSITORY_EXISTS: ["createCodeRepository"],
  REPOSITORY_READ_ONLY: ["uploadCodeFiles"],
  PATH_NOT_ALLOWED: ["createCodeRepository"],
  QUOTA_EXCEEDED: ["uploadCodeFiles"],
  SYMBOL_NOT_FOUND: ["getCodeSymbol"],
  CODE_FILE_NOT_FOUND: ["getCodeFile"],
  GRAPH_TOO_LARGE: ["exportGraph"],
  BACKEND_UNAVAILABLE: EVERY_STORE_OPERATION,
};

describe("the error table of routes/errors.ts", () => {
  it("has an entry for every code the domain throws and the store ports' code, and no other", () => {
    const expected = [...codesThrownByDomain(), new BackendUnavailableError("x", "y").code].sort();
    expect(Object.keys(TASK_GRAPH_ERRORS).sort()).toEqual(expected);
  });

  it("lists in DOMAIN_ERROR_CODES exactly the codes the domain throws", () => {
    expect([...DOMAIN_ERROR_CODES].sort()).toEqual(codesThrownByDomain());
  });

  it("gives each code the status SPEC §2 promises", () => {
    const statuses = Object.fromEntries(Object.entries(TASK_GRAPH_ERRORS).map(([c, e]) => [c, e.status]));
    expect(statuses).toEqual(SPEC_STATUS);
  });

  describe("against the served OpenAPI document", () => {
    let svc: StartedService;
    let documented: Map<string, Set<number>>;

    beforeAll(async () => {
      svc = await startService();
      const doc = (await svc.get("/docs/json")).body as Json;
      documented = new Map();
      for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
        for (const op of Object.values(item)) {
          if (!op?.operationId) continue;
          documented.set(op.operationId, new Set(Object.keys(op.responses ?? {}).map(Number)));
        }
      }
    });
    afterAll(() => svc?.close());

    it("names every code of the table in the map of operations checked here", () => {
      expect(Object.keys(OPERATIONS_OF).sort()).toEqual(Object.keys(TASK_GRAPH_ERRORS).sort());
    });

    for (const [code, operations] of Object.entries(OPERATIONS_OF)) {
      it(`documents the status of ${code} on every operation that answers it`, () => {
        const status = TASK_GRAPH_ERRORS[code as keyof typeof TASK_GRAPH_ERRORS].status;
        const missing = operations.filter((op) => !documented.get(op)?.has(status));
        expect(missing, `operations not documenting ${status}`).toEqual([]);
      });
    }
  });
});
