import assert from "node:assert/strict";
import { describe, it } from "vitest";
import { failureFrom, locationIn } from "../../src/runner/failure-details.js";
import { skipReason, validateSelection } from "../../src/runner/select-modules.js";

const m = (name: string, tags: string[] = [], service = "auth") => ({ service, name, tags });

describe("module selection", () => {
  it("selects everything without filters", () => {
    assert.equal(skipReason(m("01_health"), {}), undefined);
  });

  it("matches --module with or without extension, and as service/module", () => {
    for (const wanted of ["01_health", "01_health.ts", "auth/01_health"]) {
      assert.equal(skipReason(m("01_health"), { modules: [wanted] }), undefined, wanted);
    }
    assert.equal(skipReason(m("01_health"), { modules: ["graph/01_health"] }), "filtered out by --module");
  });

  it("keeps a module with any wanted tag and drops one with any excluded tag", () => {
    assert.equal(skipReason(m("x", ["smoke", "slow"]), { tags: ["smoke"] }), undefined);
    assert.equal(skipReason(m("x", ["crud"]), { tags: ["smoke"] }), "filtered out by --tag");
    assert.equal(
      skipReason(m("x", ["smoke", "slow"]), { excludeTags: ["slow"] }),
      "filtered out by --exclude-tag",
    );
  });

  it("applies --grep to service/module", () => {
    assert.equal(skipReason(m("02_users"), { grep: /auth\/02/i }), undefined);
    assert.equal(skipReason(m("02_users"), { grep: /search/ }), "filtered out by --grep");
  });

  it("refuses an unknown --service and names the configured ones", () => {
    assert.throws(
      () => validateSelection({ services: ["nope"] }, ["auth", "task-graph"]),
      /--service: unknown service "nope"; configured services: auth, task-graph/,
    );
  });
});

describe("failure details", () => {
  const file = "/proj/services/auth/modules/02_paging.ts";

  it("finds the module's own frame in a stack, as a path or a file URL", () => {
    const stack = [
      "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:",
      "    at assertUser (/proj/services/auth/modules/support.ts:9:3)",
      "    at run (file:///proj/services/auth/modules/02_paging.ts:14:3)",
      "    at async runAttempt (/x/run-module.ts:1:1)",
    ].join("\n");
    assert.equal(locationIn(stack, file, "/proj"), "services/auth/modules/02_paging.ts:14:3");
    assert.equal(
      locationIn("Error\n    at /proj/services/auth/modules/02_paging.ts:7:11", file, "/proj"),
      "services/auth/modules/02_paging.ts:7:11",
    );
    assert.equal(locationIn("Error\n    at elsewhere (/a.ts:1:1)", file, "/proj"), undefined);
  });

  it("tells an assertion failure (failed, with expected/actual) from any other error", () => {
    const assertion = Object.assign(new Error("3 !== 2"), {
      name: "AssertionError",
      code: "ERR_ASSERTION",
      expected: 2,
      actual: 3,
    });
    const a = failureFrom(assertion, file, "/proj");
    assert.equal(a.status, "failed");
    assert.equal(a.failure.expected, 2);
    assert.equal(a.failure.actual, 3);
    const e = failureFrom(new TypeError("x is not a function"), file, "/proj");
    assert.equal(e.status, "error");
    assert.equal(e.failure.name, "TypeError");
    assert.equal("expected" in e.failure, false);
    assert.equal(failureFrom("a string", file, "/proj").failure.message, "a string");
  });
});
