// A large JSON body parsed as it arrives (json-stream.ts): whatever the pieces it comes in, the
// same value as JSON.parse and the same refusals; no string longer than one item is made; over a
// socket the same answers as a body parsed whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../create-app.js";
import { JsonBodyStream, SlicedJsonBody } from "../json-stream.js";
import { listen } from "../listen.js";

const VALID = [
  "{}",
  " { } ",
  '{"a":1}',
  '{"a":[ ]}',
  '{ "files" : [ {"path":"a\\"b.ts","content":"x\\\\y\\n}]{[\\\\"} , {"path":"é","deleted":true} ] , "n": -1.5e3, "t":true, "z":null, "o":{"k":[1,[2,{"q":"]"}]]} }',
  '{"a":[1,2,3],"a":"the last of a repeated key wins"}',
  '{"s":"\\u0041\\ud83d\\ude00","e":"ends in a backslash \\\\"}',
  '{"k\\"ey":"v","":[true,false,null,"x",{"y":[]}]}',
  "[1,2]",
  '"a string"',
  '\n{"a":\t[ "x" ,"y" ]\r}\n',
  '{"__proto__":{"x":1}}',
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
  '{"a":1',
  '{"a"',
  "{",
  "",
  '{"a":[1],}',
  '{,"a":1}',
];

/** The text cut at each pair of places (all of them for short texts). */
function splits(text: string): string[][] {
  const out: string[][] = [[text]];
  for (let i = 0; i <= text.length; i++) {
    out.push([text.slice(0, i), text.slice(i)]);
    for (let j = i; j <= text.length; j += 7) out.push([text.slice(0, i), text.slice(i, j), text.slice(j)]);
  }
  return out;
}

function parse(pieces: string[]): unknown {
  const stream = new JsonBodyStream(JSON.parse);
  for (const piece of pieces) stream.write(piece);
  return stream.end();
}

describe("JsonBodyStream", () => {
  it("gives JSON.parse's value for valid JSON, wherever the pieces are cut", () => {
    for (const text of VALID) {
      for (const pieces of splits(text))
        expect(parse(pieces), JSON.stringify(pieces)).toEqual(JSON.parse(text));
    }
  });

  it("refuses what JSON.parse refuses, with a SyntaxError carrying status 400, wherever the pieces are cut", () => {
    for (const text of INVALID) {
      expect(() => JSON.parse(text)).toThrow();
      for (const pieces of splits(text)) {
        let error: unknown = null;
        try {
          parse(pieces);
        } catch (err) {
          error = err;
        }
        expect(error, JSON.stringify(pieces)).toBeInstanceOf(SyntaxError);
      }
    }
  });

  it("parses each item as its last character arrives, from pieces of any size", () => {
    const files = Array.from({ length: 500 }, (_, i) => ({
      path: `src/ß${i}.ts`,
      content: `€${'y\\"'.repeat(i)}😀`,
    }));
    const text = JSON.stringify({ files, n: 3 });
    const parsedLengths: number[] = [];
    const stream = new JsonBodyStream((piece) => {
      parsedLengths.push(piece.length);
      return JSON.parse(piece);
    });
    for (let i = 0; i < text.length; i += 1000) stream.write(text.slice(i, i + 1000));
    expect(stream.end()).toEqual({ files, n: 3 });
    // Keys and items one by one: nothing near the body's size went through the parser.
    expect(Math.max(...parsedLengths)).toBeLessThan(3000);
  });
});

describe("SlicedJsonBody", () => {
  it("scans pieces written all at once over several turns of the event loop, to the same value", async () => {
    const files = Array.from({ length: 20_000 }, (_, i) => ({
      path: `src/f${i}.ts`,
      content: "y\n".repeat(150),
    }));
    const text = JSON.stringify({ files });
    const body = new SlicedJsonBody(JSON.parse, 1);
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    for (let i = 0; i < text.length; i += 64 * 1024) body.write(text.slice(i, i + 64 * 1024));
    const value = await body.end().finally(() => clearInterval(timer));
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
