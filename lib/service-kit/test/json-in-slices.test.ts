// Large JSON bodies are parsed in slices of the event loop (json-in-slices.ts): the same value as
// JSON.parse, the same refusals, and over a socket the same answers as a body parsed whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../create-app.js";
import { parseJsonInSlices } from "../json-in-slices.js";
import { listen } from "../listen.js";

const VALID = [
  "{}",
  " { } ",
  '{"a":1}',
  '{"a":[ ]}',
  '{ "files" : [ {"path":"a\\"b.ts","content":"x\\\\y\\n}]{[\\\\"} , {"path":"é","deleted":true} ] , "n": -1.5e3, "t":true, "z":null, "o":{"k":[1,[2,{"q":"]"}]]} }',
  '{"a":[1,2,3],"a":"the last of a repeated key wins"}',
  '{"s":"\\u0041\\ud83d\\ude00"}',
  "[1,2]",
  '"a string"',
  '\n{"a":\t[ "x" ,"y" ]\r}\n',
];
const INVALID = [
  '{"a":[1,]}',
  '{"a":1,}',
  '{"a" 1}',
  '{"a":1 "b":2}',
  '{"a":[1 2]}',
  '{"a":1} x',
  '{"a":"x',
  "{a:1}",
  '{"a":}',
  '{"a":[1',
  '{"a":tru}',
  '{"a":[1]]}',
  '{"a":01}',
  '{"a":"\\x"}',
  '{"a":[{]}',
];

describe("parseJsonInSlices", () => {
  it("gives JSON.parse's value for valid JSON", async () => {
    for (const text of VALID) expect(await parseJsonInSlices(text, JSON.parse, 0)).toEqual(JSON.parse(text));
  });

  it("refuses what JSON.parse refuses, with a SyntaxError carrying status 400", async () => {
    for (const text of INVALID) {
      expect(() => JSON.parse(text)).toThrow();
      const err = await parseJsonInSlices(text, JSON.parse, 0).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, text).toBeInstanceOf(SyntaxError);
    }
  });

  it("gives way to the event loop on an upload-sized body", async () => {
    const files = Array.from({ length: 20_000 }, (_, i) => ({
      path: `src/f${i}.ts`,
      content: "y".repeat(300),
    }));
    const body = JSON.stringify({ files });
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    const value = await parseJsonInSlices(body, JSON.parse, 1).finally(() => clearInterval(timer));
    expect(value).toEqual({ files });
    expect(turns).toBeGreaterThan(0);
  });
});

describe("a large JSON body over a socket", () => {
  let app: ServiceApp;
  let url: string;
  beforeAll(async () => {
    app = await createServiceApp({ name: "kit-test", version: "0.0.1", logger: false });
    app.post("/echo", { bodyLimit: 8 * 2 ** 20 }, async (req) => ({ got: req.body }));
    url = await listen(app, { port: 0, defaultPort: 0 });
  });
  afterAll(() => app.close());

  const post = async (body: string) => {
    const res = await fetch(`${url}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return { status: res.status, json: (await res.json()) as { got?: unknown; code?: string } };
  };
  const big = (extra: string) =>
    `{"files":[${Array.from({ length: 5000 }, (_, i) => JSON.stringify({ path: `p${i}`, content: "z".repeat(300) })).join(",")}]${extra}}`;

  it("parses it as one parse would", async () => {
    const body = big(', "note": "end"');
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const r = await post(body);
    expect(r.status).toBe(200);
    expect(r.json.got).toEqual(JSON.parse(body));
  });

  it("refuses malformed JSON and a __proto__ key with 400 INVALID_JSON, as for a small body", async () => {
    for (const body of [big(",}"), big(', "x": [1 2]'), big(', "__proto__": {"polluted": true}')]) {
      const r = await post(body);
      expect(r.status).toBe(400);
      expect(r.json.code).toBe("INVALID_JSON");
    }
    const small = await post('{"__proto__": {"polluted": true}}');
    expect(small.json.code).toBe("INVALID_JSON");
  });
});
