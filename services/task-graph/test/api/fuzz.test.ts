/**
 * Malformed bodies, query strings, ids and headers against every task-graph endpoint: never a
 * 5xx, every error is JSON {error, code}, and a rejected request changes nothing (full dump of
 * the store compared before and after). Reproduce a failure with FUZZ_SEED=<seed printed below>.
 */
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFuzzer,
  FUZZ_CONTENT_TYPES,
  fuzzSeed,
  HOSTILE_STRINGS,
  MALFORMED_QUERY_VALUES,
} from "../../../../lib/testing/fuzz.js";
import { type StartedService, startService } from "../../harness/start-service.js";

const SEED = fuzzSeed();
const PER_ENDPOINT = 500;

const {
  rand,
  pick,
  randomBody,
  randomQuery,
  randomId: badOrKnownId,
} = createFuzzer(SEED, {
  fields: [
    "title",
    "description",
    "priority",
    "status",
    "component_id",
    "labels",
    "depends_on_id",
    "name",
    "project",
    "test_failure",
    "test_name",
    "stack_trace",
    "limit",
    "query",
    "types",
    "id",
    "created_at",
    "__proto__",
    "constructor",
    "x",
  ],
  strings: [
    "OPEN",
    "CLOSED",
    "LOW",
    "CRITICAL",
    "open",
    "issue",
    "component",
    "ünïcödé 例え",
    "00000000-0000-4000-8000-000000000000",
    ...HOSTILE_STRINGS,
  ],
  numbers: [0, -1, 1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 10, 101],
  contentTypes: FUZZ_CONTENT_TYPES,
  queryKeys: [
    "page",
    "limit",
    "status",
    "priority",
    "sort",
    "q",
    "label",
    "component_id",
    "max_depth",
    "x",
    "",
  ],
  queryValues: [
    ...MALFORMED_QUERY_VALUES,
    "OPEN,",
    "OPEN,CLOSED",
    "open",
    "-priority",
    "priority",
    "--priority",
    "51",
    "50",
  ],
});

let svc: StartedService;
const real: { issues: string[]; components: string[] } = { issues: [], components: [] };

function randomId(kind: "issues" | "components" | "none" = "none"): string {
  return badOrKnownId(kind === "none" ? [] : real[kind]);
}

interface Endpoint {
  method: string;
  name: string;
  path: () => string;
}

const ENDPOINTS: Endpoint[] = [
  { method: "GET", name: "/health", path: () => `/health${randomQuery()}` },
  { method: "POST", name: "/api/v1/issues", path: () => "/api/v1/issues" },
  { method: "GET", name: "/api/v1/issues", path: () => `/api/v1/issues${randomQuery()}` },
  { method: "GET", name: "/api/v1/issues/blocked", path: () => `/api/v1/issues/blocked${randomQuery()}` },
  { method: "GET", name: "/api/v1/issues/workable", path: () => `/api/v1/issues/workable${randomQuery()}` },
  {
    method: "GET",
    name: "/api/v1/issues/{id}",
    path: () => `/api/v1/issues/${randomId("issues")}${randomQuery()}`,
  },
  { method: "PATCH", name: "/api/v1/issues/{id}", path: () => `/api/v1/issues/${randomId("issues")}` },
  { method: "DELETE", name: "/api/v1/issues/{id}", path: () => `/api/v1/issues/${randomId()}` },
  {
    method: "POST",
    name: "/api/v1/issues/{id}/dependencies",
    path: () => `/api/v1/issues/${randomId("issues")}/dependencies`,
  },
  {
    method: "GET",
    name: "/api/v1/issues/{id}/dependencies",
    path: () => `/api/v1/issues/${randomId("issues")}/dependencies`,
  },
  {
    method: "DELETE",
    name: "/api/v1/issues/{id}/dependencies/{depends_on_id}",
    path: () => `/api/v1/issues/${randomId("issues")}/dependencies/${randomId()}`,
  },
  { method: "POST", name: "/api/v1/components", path: () => "/api/v1/components" },
  { method: "GET", name: "/api/v1/components", path: () => `/api/v1/components${randomQuery()}` },
  {
    method: "GET",
    name: "/api/v1/components/{id}",
    path: () => `/api/v1/components/${randomId("components")}`,
  },
  {
    method: "PATCH",
    name: "/api/v1/components/{id}",
    path: () => `/api/v1/components/${randomId("components")}`,
  },
  { method: "DELETE", name: "/api/v1/components/{id}", path: () => `/api/v1/components/${randomId()}` },
  {
    method: "GET",
    name: "/api/v1/analyze/impact/{id}",
    path: () => `/api/v1/analyze/impact/${randomId("issues")}${randomQuery()}`,
  },
  { method: "POST", name: "/api/v1/analyze/root-cause", path: () => "/api/v1/analyze/root-cause" },
  { method: "POST", name: "/api/v1/rag/search", path: () => "/api/v1/rag/search" },
];

/** Everything the store holds, in a comparable form. */
async function dump(): Promise<string> {
  const g = svc.adapters.graph;
  const issues = await g.allIssues();
  const deps = await Promise.all(issues.map((i) => g.dependenciesOf(i.id)));
  const components = (await g.listComponents(0, 10_000)).items;
  return JSON.stringify({ issues, deps, components });
}

beforeAll(async () => {
  console.log(`fuzz seed: ${SEED} (reproduce with FUZZ_SEED=${SEED})`);
  svc = await startService();
  for (const name of ["api", "web"])
    real.components.push((await svc.post("/api/v1/components", { name })).body.id);
  for (let i = 0; i < 6; i++) {
    const r = await svc.post("/api/v1/issues", { title: `seed ${i}`, component_id: real.components[i % 2] });
    real.issues.push(r.body.id);
  }
  await svc.post(`/api/v1/issues/${real.issues[1]}/dependencies`, { depends_on_id: real.issues[0] });
  await svc.post(`/api/v1/issues/${real.issues[2]}/dependencies`, { depends_on_id: real.issues[1] });
});
afterAll(() => svc.close());

describe(`fuzzing every task-graph endpoint (seed ${SEED})`, () => {
  for (const ep of ENDPOINTS) {
    it(`${ep.method} ${ep.name}: never 5xx, JSON errors, rejected requests change nothing`, async () => {
      let before = await dump();
      let rejected = 0;
      for (let i = 0; i < PER_ENDPOINT; i++) {
        const path = ep.path();
        const hasBody = ["POST", "PATCH"].includes(ep.method) || rand() < 0.1;
        const body = hasBody ? randomBody() : { raw: undefined, contentType: undefined };
        const headers: Record<string, string> = {};
        if (body.contentType && body.raw !== undefined) headers["content-type"] = body.contentType;
        if (rand() < 0.2) headers.authorization = pick(["Bearer", "Bearer x", "Basic Zm9v", ""]);
        const res = await request(svc.url + path, {
          method: ep.method as "GET",
          headers,
          ...(body.raw !== undefined ? { body: body.raw } : {}),
        });
        const text = await res.body.text();
        const status = res.statusCode;
        const where = `${ep.method} ${path} body=${JSON.stringify(typeof body.raw === "string" ? body.raw : "<bytes>")} [seed ${SEED}, #${i}]`;
        expect(status, where).toBeLessThan(500);
        if (status >= 400) {
          rejected++;
          expect(String(res.headers["content-type"] ?? ""), where).toMatch(/^application\/json/);
          const json = JSON.parse(text);
          expect(typeof json.error, where).toBe("string");
          expect(json.code, where).toMatch(/^[A-Z][A-Z_]*$/);
          expect(await dump(), `state changed by rejected ${where}`).toBe(before);
        } else {
          before = await dump();
        }
      }
      console.log(`${ep.method} ${ep.name}: ${PER_ENDPOINT} requests, ${rejected} rejected`);
    });
  }
});
