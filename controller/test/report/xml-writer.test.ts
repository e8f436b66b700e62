import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { escapeAttribute, escapeText, XmlWriter } from "../../src/report/xml-writer.js";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  htmlEntities: true,
});

describe("XmlWriter", () => {
  it("pretty-prints nested elements two spaces per level, empty ones self-closed", () => {
    const xml = new XmlWriter()
      .start("a", { n: 1 })
      .element("b")
      .start("c")
      .element("d", { x: "y" }, "text")
      .toString();
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a n="1">\n  <b/>\n  <c>\n    <d x="y">text</d>\n  </c>\n</a>\n',
    );
  });

  it("round-trips markup, quotes and line breaks in attributes and text through a reader", () => {
    const value = 'a <b> & "c"\n\td\r\ne ]]>';
    const xml = new XmlWriter().element("x", { v: value }, value).toString();
    expect(XMLValidator.validate(xml)).toBe(true);
    const x = parser.parse(xml).x;
    expect(x.v).toBe(value);
    expect(x["#text"]).toBe(value);
  });

  it("replaces characters XML 1.0 cannot carry, keeping astral characters", () => {
    expect(escapeText("bell\u0007 lone \uDC00 ok \u{1F600}")).toBe("bell\uFFFD lone \uFFFD ok \u{1F600}");
    expect(escapeAttribute("\u0000")).toBe("\uFFFD");
  });

  it("refuses to close more elements than were opened", () => {
    expect(() => new XmlWriter().close()).toThrow(/no element is open/);
  });
});
