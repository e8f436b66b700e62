// SPEC §2: a storage backend that is down gives 503 BACKEND_UNAVAILABLE, never a hang or a 500 —
// on every whole-graph route too (SPEC §2c), and a bulk write refused that way adds nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../../harness/start-service.js";
import { type Fault, faultyGraphStore } from "../../helpers/faulty-graph-store.js";

let svc: StartedService;
let setFault: (f: Fault) => void;
let a: string;
let b: string;
let component: string;

beforeAll(async () => {
  const faulty = faultyGraphStore();
  setFault = faulty.set;
  svc = await startService({
    adapters: { graph: faulty.store },
    env: { TASK_GRAPH_BACKEND_TIMEOUT_MS: "300" },
  });
  component = (await svc.post("/api/v1/components", { name: "core", project: "shop" })).body.id;
  a = (await svc.post("/api/v1/issues", { title: "a", component_id: component })).body.id;
  b = (await svc.post("/api/v1/issues", { title: "b" })).body.id;
});
afterAll(() => svc.close());

const routes = () => [
  ["GET", `/api/v1/issues/${a}/dependency-chain`],
  ["POST", `/api/v1/issues/${a}/dependencies/bulk`],
  ["GET", "/api/v1/graph"],
  ["GET", "/api/v1/graph?format=dot"],
  ["GET", "/api/v1/projects"],
  ["GET", "/api/v1/issues?project=shop"],
  ["GET", "/api/v1/components?project=shop"],
  ["GET", `/api/v1/analyze/component-impact/${component}`],
  ["GET", "/api/v1/agents"],
];

describe("the whole-graph routes with the graph store down or hanging", () => {
  for (const fault of ["down", "hang"] as const) {
    it(`answers 503 BACKEND_UNAVAILABLE on each route while the store is ${fault}`, async () => {
      setFault(fault);
      try {
        for (const [method, path] of routes()) {
          const body = method === "POST" ? { depends_on_ids: [b] } : undefined;
          const r = await svc.request(method!, path!, body);
          expect(r.status, `${method} ${path}`).toBe(503);
          expect(r.body.code).toBe("BACKEND_UNAVAILABLE");
        }
      } finally {
        setFault("none");
      }
      expect((await svc.get(`/api/v1/issues/${a}/dependencies`)).body.depends_on).toEqual([]);
      expect((await svc.get("/api/v1/projects")).status).toBe(200);
    });
  }
});
