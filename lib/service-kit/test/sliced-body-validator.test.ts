// A body validated in slices (sliced-body-validator.ts) answers as the same schema validated
// whole: over a socket, two routes with one schema, one of them sliced, give the same status and
// the same 400 VALIDATION_ERROR (field, rule, message) for each body, a bad item deep in a large
// array included; and the validation of a large array gives way to the event loop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../create-app.js";
import { listen } from "../listen.js";
import { slicedArrayValidatorCompiler } from "../sliced-body-validator.js";

const PATH = { type: "string", minLength: 1, maxLength: 20 };
const ITEM = {
  anyOf: [
    {
      type: "object",
      required: ["path", "content"],
      properties: { path: PATH, content: { type: "string", maxLength: 400 } },
      additionalProperties: false,
    },
    {
      type: "object",
      required: ["path", "deleted"],
      properties: { path: PATH, deleted: { const: true } },
      additionalProperties: false,
    },
  ],
};
const BODY = {
  type: "object",
  required: ["files"],
  properties: {
    files: { type: "array", items: ITEM, minItems: 1, maxItems: 6000 },
    note: { type: "string" },
  },
  additionalProperties: false,
};

const files = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ path: `f${i}.ts`, content: "z".repeat(300) }));
/** 5,000 good files with `bad` put at `index`. */
const withBad = (index: number, bad: unknown) => {
  const list: unknown[] = files(5000);
  list[index] = bad;
  return { files: list };
};

describe("a body validated in slices, over a socket", () => {
  let app: ServiceApp;
  let url: string;
  beforeAll(async () => {
    app = await createServiceApp({ name: "kit-test", version: "0.0.1", logger: false });
    const opts = { bodyLimit: 8 * 2 ** 20, schema: { body: BODY } };
    app.put("/whole", opts, async () => ({ ok: true }));
    app.put(
      "/sliced",
      // slicedFrom 1, sliceMs 0: every body takes the sliced path, with a turn after each item.
      { ...opts, validatorCompiler: slicedArrayValidatorCompiler("files", { slicedFrom: 1, sliceMs: 0 }) },
      async () => ({ ok: true }),
    );
    url = await listen(app, { port: 0, defaultPort: 0 });
  });
  afterAll(() => app.close());

  const put = async (route: string, body: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const answers = async (body: unknown) => {
    const [whole, sliced] = [await put("/whole", body), await put("/sliced", body)];
    expect(sliced).toEqual(whole);
    return sliced;
  };

  it("accepts a good large body", async () => {
    expect(await answers({ files: files(5000), note: "n" })).toEqual({ status: 200, json: { ok: true } });
  });

  it("names a bad item deep in a large body as the whole schema does", async () => {
    const bad = [
      { path: "a.ts", deleted: false },
      { path: "a.ts" },
      { path: "", content: "x" },
      { path: "a.ts", content: 7 },
      { path: "a.ts", content: "x", extra: 1 },
      { path: "a.ts", content: "x".repeat(401) },
      "a string",
      null,
    ];
    for (const item of bad) {
      const r = await answers(withBad(4321, item));
      expect(r.status, JSON.stringify(item)).toBe(400);
      expect(r.json.code).toBe("VALIDATION_ERROR");
      expect(String((r.json.details as { field: string }).field)).toMatch(/^files\[4321\]/);
    }
  });

  it("refuses a bad envelope as the whole schema does", async () => {
    for (const body of [
      {},
      { files: [] },
      { files: "x" },
      { files: files(6001) },
      { files: files(3), extra: true },
      { files: files(3), note: 5 },
      [1],
    ]) {
      const r = await answers(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("slicedArrayValidatorCompiler", () => {
  it("gives way to the event loop while it checks a large array", async () => {
    const validate = slicedArrayValidatorCompiler("files", { sliceMs: 0 })({
      schema: BODY,
      method: "PUT",
      url: "/x",
      httpPart: "body",
    }) as unknown as (data: unknown) => Promise<boolean>;
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    const ok = await validate({ files: files(5000) });
    clearInterval(timer);
    expect(ok).toBe(true);
    expect(turns).toBeGreaterThan(0);
  });
});
