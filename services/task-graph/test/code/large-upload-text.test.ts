// A code upload over 1 MiB is parsed and checked for unstorable text in slices of the event loop
// (service-kit json-stream.ts, domain/text.ts findMalformedInSlices), and its files are
// validated against the schema one by one (service-kit sliced-body-validator.ts): over a socket it
// is accepted, or refused naming the field, exactly as a small body is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";
import { findMalformed, findMalformedInSlices } from "../../src/domain/text.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

/** ~2 MiB of ordinary source files, then `last`. */
const files = (last: { path: string; content: string }) => [
  ...Array.from({ length: 400 }, (_, i) => ({
    path: `src/f${i}.ts`,
    // Many short lines: ordinary source, not what the service takes for minified.
    content: `export function f${i}() {\n${`  const line = "${"x".repeat(60)}";\n`.repeat(70)}}\n`,
  })),
  last,
];

describe("a large code upload", () => {
  it("is indexed whole", async () => {
    const body = { files: files({ path: "src/last.ts", content: "export function lastOfTheBig() {}\n" }) };
    expect(JSON.stringify(body).length).toBeGreaterThan(1.5 * 2 ** 20);
    const res = await svc.request("PUT", "/api/v1/code/repositories/big/files", body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.files).toBe(401);
  });

  it("with a NUL in its last file is refused naming that field, as a small one is", async () => {
    const last = { path: "src/bad.ts", content: "export const a = 1;\u0000\n" };
    const big = await svc.request("PUT", "/api/v1/code/repositories/bad/files", { files: files(last) });
    const small = await svc.request("PUT", "/api/v1/code/repositories/bad/files", { files: [last] });
    expect(big.status).toBe(400);
    expect(big.body.details).toMatchObject({ field: "files[400].content", location: "body" });
    expect(small.body.details).toMatchObject({ field: "files[0].content", location: "body" });
    expect(big.body.error).toBe(small.body.error.replace("files[0]", "files[400]"));
  });

  it("with a file the schema refuses, last, is refused naming that field, as a small one is", async () => {
    const bad: Record<string, unknown>[] = [
      { path: "src/bad.ts", content: 7 },
      { path: "src/bad.ts", deleted: false },
      { path: "src/bad.ts", content: "x", mode: "755" },
      { path: "", content: "x" },
    ];
    for (const last of bad) {
      const big = await svc.request("PUT", "/api/v1/code/repositories/bad/files", {
        files: files(last as { path: string; content: string }),
      });
      const small = await svc.request("PUT", "/api/v1/code/repositories/bad/files", { files: [last] });
      expect(big.status, JSON.stringify(last)).toBe(400);
      expect(big.body.code).toBe("VALIDATION_ERROR");
      expect(big.body.details.field).toMatch(/^files\[400\]/);
      expect(big.body.details).toEqual({
        ...small.body.details,
        field: small.body.details.field.replace("files[0]", "files[400]"),
      });
      expect(big.body.error).toBe(small.body.error.replace("files[0]", "files[400]"));
    }
  });
});

describe("findMalformedInSlices", () => {
  it("answers as findMalformed", async () => {
    const values: unknown[] = [
      {
        files: [
          { path: "a", content: "ok" },
          { path: "b", content: "x\u0000" },
        ],
      },
      { files: [{ path: "a", content: "\ud800" }], other: "\u0000" },
      { "bad\u0000key": 1 },
      { list: ["a", "b"], nested: { deep: ["\udc00"] } },
      ["top", "\u0000"],
      "\u0000",
      { fine: ["a", { b: "c" }] },
    ];
    for (const value of values) expect(await findMalformedInSlices(value)).toEqual(findMalformed(value));
  });
});
