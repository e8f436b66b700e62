// A small streaming XML writer for junit.xml: elements, attributes and text, pretty-printed two
// spaces per level. Writing strings directly is ~20x cheaper than building a DOM (xmlbuilder2 was
// most of the reporters' cost on a 1,000-module run) and junit.xml needs nothing more.

export type XmlAttributes = Record<string, string | number>;

/** XML 1.0 cannot carry most control characters or lone surrogates; a response body may hold them. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Cheap pre-check (no unicode mode): most text has no control character and no surrogate at all. */
const MAYBE_NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text with every character XML cannot carry replaced by U+FFFD. */
function xmlSafe(text: string): string {
  return MAYBE_NOT_XML.test(text) ? text.replace(NOT_XML_CHAR, "\uFFFD") : text;
}

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  // As character references, or a reader's attribute-value normalisation turns them into spaces.
  "\t": "&#x9;",
  "\n": "&#xA;",
  "\r": "&#xD;",
};
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/g;

const TEXT_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#xD;" };
const TEXT_SPECIAL = /[&<>\r]/g;

export function escapeAttribute(value: string): string {
  const safe = xmlSafe(value);
  ATTRIBUTE_SPECIAL.lastIndex = 0;
  return ATTRIBUTE_SPECIAL.test(safe) ? safe.replace(ATTRIBUTE_SPECIAL, (c) => ATTRIBUTE_ENTITIES[c]!) : safe;
}

export function escapeText(value: string): string {
  const safe = xmlSafe(value);
  TEXT_SPECIAL.lastIndex = 0;
  return TEXT_SPECIAL.test(safe) ? safe.replace(TEXT_SPECIAL, (c) => TEXT_ENTITIES[c]!) : safe;
}

export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private readonly open: string[] = [];

  /** Starts an element that will have children; end it with close(). */
  start(name: string, attributes: XmlAttributes = {}): this {
    this.parts.push(`\n${this.indent()}<${name}${attrs(attributes)}>`);
    this.open.push(name);
    return this;
  }

  /** A whole element: empty (`<name/>`) or with text content on the same line. */
  element(name: string, attributes: XmlAttributes = {}, text?: string): this {
    const head = `\n${this.indent()}<${name}${attrs(attributes)}`;
    this.parts.push(
      text === undefined || text === "" ? `${head}/>` : `${head}>${escapeText(text)}</${name}>`,
    );
    return this;
  }

  close(): this {
    const name = this.open.pop();
    if (name === undefined) throw new Error("XmlWriter.close(): no element is open");
    this.parts.push(`\n${this.indent()}</${name}>`);
    return this;
  }

  /** The document, with every element still open closed. */
  toString(): string {
    while (this.open.length) this.close();
    return `${this.parts.join("")}\n`;
  }

  private indent(): string {
    return "  ".repeat(this.open.length);
  }
}

function attrs(attributes: XmlAttributes): string {
  let out = "";
  for (const key in attributes) out += ` ${key}="${escapeAttribute(String(attributes[key]))}"`;
  return out;
}
