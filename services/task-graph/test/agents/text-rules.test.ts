// SPEC §2 text rules over real HTTP: lengths in user-perceived characters, invisible-only titles
// are blank, NUL and lone surrogates are refused by field, labels compare case-insensitively,
// and the 256 KiB body limit fits a 20,000-character description escaped character by character.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const FAMILY = "👨‍👩‍👧‍👦"; // one grapheme cluster, 7 code points, 11 UTF-16 units
const E_ACUTE = "e\u0301"; // one grapheme cluster, 2 code points

/** A JSON string with every UTF-16 unit escaped as \uXXXX (what some clients send). */
function escapedString(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) out += `\\u${text.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return `"${out}"`;
}

/** JSON text whose strings (keys included) are escaped character by character. */
function escapedJson(value: unknown): string {
  if (typeof value === "string") return escapedString(value);
  if (Array.isArray(value)) return `[${value.map(escapedJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${escapedString(k)}:${escapedJson(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

describe("lengths count user-perceived characters", () => {
  it("accepts a 200-character title of emoji families and combining accents, refuses 201", async () => {
    const title = `${FAMILY.repeat(100)}${E_ACUTE.repeat(100)}`;
    const ok = await svc.post("/api/v1/issues", { title });
    expect(ok.status).toBe(201);
    expect(ok.body.title).toBe(title);
    const long = await svc.post("/api/v1/issues", { title: `${title}x` });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('"title"');
    expect(long.body.error).toContain("at most 200");
  });

  it("accepts a 20,000-character description of combining accents (40,000 code points), refuses 20,001", async () => {
    const ok = await svc.post("/api/v1/issues", { title: "long", description: E_ACUTE.repeat(20_000) });
    expect(ok.status).toBe(201);
    const long = await svc.post("/api/v1/issues", { title: "long", description: E_ACUTE.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('"description"');
  });

  it("counts label lengths in characters too (50 emoji families fit)", async () => {
    const r = await svc.post("/api/v1/issues", { title: "t", labels: [FAMILY.repeat(50)] });
    expect(r.status).toBe(201);
    const long = await svc.post("/api/v1/issues", { title: "t", labels: ["ok", FAMILY.repeat(51)] });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('"labels[1]"');
  });
});

describe("blank text", () => {
  it.each([
    ["zero-width spaces", "\u200b\u200b"],
    ["word joiner and BOM", "\u2060\ufeff"],
    ["no-break and ideographic spaces", "\u00a0\u3000"],
    ["bidi marks", "\u200e\u200f\u202a"],
    ["soft hyphen and variation selector", "\u00ad\ufe0f"],
  ])("refuses a title of only %s as blank", async (_name, title) => {
    const r = await svc.post("/api/v1/issues", { title });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('"title"');
    expect(r.body.error).toContain("blank");
  });

  it("refuses a PATCH to an invisible-only title and a component named only with invisible characters", async () => {
    const id = (await svc.post("/api/v1/issues", { title: "visible" })).body.id;
    expect((await svc.patch(`/api/v1/issues/${id}`, { title: "\u200b" })).status).toBe(400);
    const c = await svc.post("/api/v1/components", { name: "\u2060 \u200b" });
    expect(c.status).toBe(400);
    expect(c.body.error).toContain('"name"');
  });

  it("keeps a title with a zero-width joiner inside visible text", async () => {
    const r = await svc.post("/api/v1/issues", { title: `Fix ${FAMILY} rendering` });
    expect(r.status).toBe(201);
  });
});

describe("text that cannot be stored", () => {
  it.each([
    ["title", { title: "bad\u0000title" }, "NUL"],
    ["description", { title: "t", description: "x\u0000" }, "NUL"],
    ["labels[1]", { title: "t", labels: ["ok", "a\u0000"] }, "NUL"],
    ["title", { title: "half \ud83d pair" }, "surrogate"],
    ["description", { title: "t", description: "\udc00 trailing half" }, "surrogate"],
  ])("refuses %s with 400 naming it", async (field, body, rule) => {
    const r = await svc.request("POST", "/api/v1/issues", escapedJson(body), {
      "content-type": "application/json",
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.error).toContain(`"${field}"`);
    expect(r.body.error).toContain(rule);
  });

  it("refuses NUL in a query parameter, naming it", async () => {
    const r = await svc.get("/api/v1/issues?q=a%00b");
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('"q"');
  });

  it("refuses NUL in a component name and a claim's agent", async () => {
    expect((await svc.post("/api/v1/components", { name: "a\u0000" })).status).toBe(400);
    const id = (await svc.post("/api/v1/issues", { title: "t" })).body.id;
    const r = await svc.post(`/api/v1/issues/${id}/claim`, { agent: "x\u0000" });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('"agent"');
  });
});

describe("labels compare case-insensitively", () => {
  it("finds an issue by its label in any case and keeps the label as given", async () => {
    const id = (await svc.post("/api/v1/issues", { title: "case", labels: ["Needs-Triage"] })).body.id;
    for (const label of ["needs-triage", "NEEDS-TRIAGE", "Needs-Triage"]) {
      const r = await svc.get(`/api/v1/issues?label=${label}&limit=100`);
      expect(r.body.items.map((i: { id: string }) => i.id)).toContain(id);
    }
    expect((await svc.get(`/api/v1/issues/${id}`)).body.labels).toEqual(["Needs-Triage"]);
  });

  it("refuses labels that differ only in case as duplicates", async () => {
    const r = await svc.post("/api/v1/issues", { title: "t", labels: ["Bug", "bug"] });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('"labels"');
    expect(r.body.error).toContain("duplicate");
  });
});

describe("the 256 KiB body limit", () => {
  it("accepts a 20,000-character description with every character escaped (Cyrillic and emoji)", async () => {
    const cyrillic = escapedJson({ title: "Кириллица", description: "Ж".repeat(20_000) });
    expect(cyrillic.length).toBeGreaterThan(120_000);
    const r = await svc.request("POST", "/api/v1/issues", cyrillic, { "content-type": "application/json" });
    expect(r.status).toBe(201);
    expect(r.body.description).toBe("Ж".repeat(20_000));
    // Astral characters escape to two \uXXXX each: 12 bytes per character.
    const emoji = escapedJson({ title: "emoji", description: "😀".repeat(20_000) });
    expect(emoji.length).toBeGreaterThan(240_000);
    const e = await svc.request("POST", "/api/v1/issues", emoji, { "content-type": "application/json" });
    expect(e.status).toBe(201);
  });

  it("refuses a body over 256 KiB with 413 PAYLOAD_TOO_LARGE", async () => {
    const r = await svc.post("/api/v1/issues", { title: "x", description: "d".repeat(256 * 1024) });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
