// The helpers of the MCP tools' short texts (src/routes/mcp/summary-text.ts): titles cut to a
// readable length, lists capped with "…and N more", and the guard that bounds any text, never
// splitting a character.
import { describe, expect, it } from "vitest";
import {
  bounded,
  joined,
  LISTED_ITEMS,
  listed,
  MAX_SUMMARY_CHARS,
  quoted,
} from "../../src/routes/mcp/summary-text.js";

describe("MCP summary text", () => {
  it("quotes a short title as it is and cuts a long one with an ellipsis, by character", () => {
    expect(quoted("Login fails")).toBe("'Login fails'");
    const long = quoted("🙂".repeat(100));
    expect([...long]).toHaveLength(62);
    expect(long.endsWith("🙂…'")).toBe(true);
  });

  it("lists the first rows under a heading and counts the rest", () => {
    const rows = Array.from({ length: 8 }, (_, i) => `row ${i}`);
    expect(listed("8 rows:", rows).split("\n")).toEqual([
      "8 rows:",
      ...rows.slice(0, LISTED_ITEMS).map((r) => `- ${r}`),
      "…and 3 more",
    ]);
    expect(listed("2 of 40:", rows.slice(0, 2), 40).split("\n").at(-1)).toBe("…and 38 more");
    expect(listed("None.", [])).toBe("None.");
  });

  it("joins a few names and counts the rest", () => {
    expect(joined([])).toBe("none");
    expect(joined(["a", "b"])).toBe("a, b");
    expect(joined(["a", "b", "c", "d", "e", "f", "g"])).toBe("a, b, c, d, e …and 2 more");
  });

  it("bounds any text without splitting a surrogate pair", () => {
    expect(bounded("short")).toBe("short");
    const cut = bounded(`x${"🙂".repeat(MAX_SUMMARY_CHARS)}`);
    expect(cut.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(cut.endsWith("🙂…")).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
