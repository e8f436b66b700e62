import { describe, expect, it } from "vitest";
import { atLimits } from "../at-limits.js";
import { ContractRecorder, type Exchange } from "../openapi-contract.js";

const Thing = {
  type: "object",
  required: ["id", "size"],
  properties: { id: { type: "string" }, size: { type: "integer" }, note: { type: "string", nullable: true } },
};

const DOC = {
  openapi: "3.0.3",
  info: { title: "things", version: "1" },
  paths: {
    "/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [{ in: "path", name: "id", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": { schema: Thing },
              "text/vnd.graphviz": { schema: { type: "string" } },
            },
          },
          "405": { description: "wrong method", headers: { allow: { schema: { type: "string" } } } },
        },
      },
      delete: {
        operationId: "deleteThing",
        parameters: [{ in: "path", name: "id", required: true, schema: { type: "string" } }],
        responses: { "204": { description: "gone" } },
      },
    },
  },
};

function exchange(partial: Partial<Exchange> & { status: number }): Exchange {
  const json = partial.json;
  return {
    method: "GET",
    url: "/things/a",
    headers: new Headers(json === undefined ? {} : { "content-type": "application/json; charset=utf-8" }),
    text: json === undefined ? "" : JSON.stringify(json),
    json,
    ...partial,
  };
}

describe("ContractRecorder", () => {
  it("accepts an answer the document describes and records its operation and status", async () => {
    const recorder = await ContractRecorder.create(DOC);
    recorder.check(exchange({ status: 200, json: { id: "a", size: 3, note: null } }));
    expect(recorder.seen.get("getThing")).toEqual(new Set([200]));
    expect(recorder.coverageGaps()).toEqual([
      "getThing was never refused (answered 200)",
      "deleteThing was never called",
    ]);
  });

  it("refuses a status the operation does not document, naming the ones it does", async () => {
    const recorder = await ContractRecorder.create(DOC);
    expect(() => recorder.check(exchange({ status: 404, json: { error: "x", code: "NOT_FOUND" } }))).toThrow(
      /status 404 is not documented for getThing \(it lists 200, 405\)/,
    );
  });

  it("refuses a property the document does not list, and a value of the wrong type", async () => {
    const recorder = await ContractRecorder.create(DOC);
    expect(() => recorder.check(exchange({ status: 200, json: { id: "a", size: 3, secret: "x" } }))).toThrow(
      /does not match the documented schema.*additionalProperties/,
    );
    expect(() => recorder.check(exchange({ status: 200, json: { id: "a", size: "3" } }))).toThrow(
      /must be integer/,
    );
  });

  it("refuses a body where the document says there is none, and a missing documented header", async () => {
    const recorder = await ContractRecorder.create(DOC);
    expect(() =>
      recorder.check(exchange({ method: "DELETE", status: 204, json: { deleted: true } })),
    ).toThrow(/the document says no body/);
    expect(() => recorder.check(exchange({ method: "PUT", status: 405 }))).toThrow(
      /documented header allow is missing/,
    );
    recorder.check(exchange({ method: "PUT", status: 405, headers: new Headers({ allow: "GET, DELETE" }) }));
  });

  it("refuses a request path no operation documents", async () => {
    const recorder = await ContractRecorder.create(DOC);
    expect(() => recorder.check(exchange({ url: "/other", status: 200, json: {} }))).toThrow(
      /no documented operation/,
    );
  });
});

describe("atLimits", () => {
  it("fills strings to maxLength, arrays to maxItems with distinct items and numbers to their maximum", () => {
    const value = atLimits(
      {
        type: "object",
        properties: {
          title: { type: "string", maxLength: 5, pattern: "\\S" },
          tags: { type: "array", maxItems: 3, uniqueItems: true, items: { type: "string", maxLength: 4 } },
          limit: { type: "integer", minimum: 1, maximum: 100 },
          mail: { type: "string", format: "email", maxLength: 254 },
        },
      },
      "t",
    ) as { title: string; tags: string[]; limit: number; mail: string };
    expect(value.title).toHaveLength(5);
    expect(new Set(value.tags).size).toBe(3);
    expect(value.tags.every((t) => t.length === 4)).toBe(true);
    expect(value.limit).toBe(100);
    expect(value.mail).toHaveLength(254);
    expect(value.mail).toMatch(/^[a-z0-9]+@[a-z.]+\.com$/);
  });

  it("refuses a pattern it cannot satisfy rather than sending a value the document forbids", () => {
    expect(() => atLimits({ type: "string", maxLength: 3, pattern: "^[0-9]+$" }, "s")).toThrow(
      /not supported/,
    );
  });

  it("checks a text answer against its own media type beside a JSON one, and refuses an undocumented type", async () => {
    const recorder = await ContractRecorder.create(DOC);
    const text = (type: string, body: string) =>
      exchange({ status: 200, headers: new Headers({ "content-type": type }), text: body, json: undefined });
    recorder.check(text("text/vnd.graphviz; charset=utf-8", "digraph {}"));
    expect(() => recorder.check(text("text/vnd.graphviz", ""))).toThrow(/non-empty text/);
    expect(() => recorder.check(text("text/plain", "digraph {}"))).toThrow(/is not one of/);
    expect(() => recorder.check(exchange({ status: 200, json: { id: "a" } }))).toThrow(/documented schema/);
  });
});
