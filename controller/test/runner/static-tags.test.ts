// Tags read from a module's source text (e2e run --list, --tag) without loading it.
import { describe, expect, it } from "vitest";
import { staticTags } from "../../src/runner/static-tags.js";

describe("reading a module's tags from its source", () => {
  it("reads a literal array in single, double or back quotes", () => {
    expect(
      staticTags(`export const tags = ["smoke", 'auth', \`slow\`];\nexport async function run() {}`),
    ).toEqual(["smoke", "auth", "slow"]);
  });

  it("accepts a type annotation, as const, comments, line breaks and a trailing comma", () => {
    const source = `export const tags: readonly string[] = [\n  "a", // first\n  /* b */ "b",\n] as const;`;
    expect(staticTags(source)).toEqual(["a", "b"]);
  });

  it("unescapes quotes inside a tag", () => {
    expect(staticTags(`export const tags = ['it\\'s', "say \\"hi\\""];`)).toEqual(["it's", 'say "hi"']);
  });

  it("gives no tags for a module that exports none", () => {
    expect(staticTags(`export async function run(page) { return page.get("/tags"); }`)).toEqual([]);
    expect(staticTags(`export const tags = [];`)).toEqual([]);
  });

  it("leaves computed or re-exported tags to loading the module (undefined)", () => {
    expect(staticTags(`export const tags = makeTags();`)).toBeUndefined();
    expect(staticTags(`export const tags = ["smoke"].concat(extra);`)).toBeUndefined();
    expect(staticTags(`export const tags = [] .slice()`)).toBeUndefined();
    expect(staticTags(`export const tags = ["a", SLOW];`)).toBeUndefined();
    expect(staticTags(`const tags = ["x"];\nexport { tags };`)).toBeUndefined();
    expect(staticTags(`export const tags = [\`t-\${n}\`];`)).toBeUndefined();
  });
});
