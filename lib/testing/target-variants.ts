// Spellings of one request path that a server might route to the same handler (or must refuse):
// the tricks used to walk past access checks that look at the raw request line.

export interface TargetVariant {
  label: string;
  target: string;
}

const encodeFirstLetter = (segment: string) =>
  segment.replace(/^[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);

/** `path` starts with "/" and has no query string. */
export function targetVariants(path: string): TargetVariant[] {
  const segments = path.split("/").slice(1);
  const [first = "", ...others] = segments;
  const afterFirst = others.length > 0 ? `/${others.join("/")}` : "";
  const variants: [string, string][] = [
    ["as written", path],
    ["first letter percent-encoded", `/${encodeFirstLetter(first)}${afterFirst}`],
    ["every segment's first letter percent-encoded", `/${segments.map(encodeFirstLetter).join("/")}`],
    ["slashes percent-encoded", `/${segments.join("%2F")}`],
    ["absolute-form", `http://localhost${path}`],
    ["absolute-form, upper-case scheme and another host", `HTTP://EXAMPLE.ORG:1${path}`],
    ["asterisk-form without the slash", `*${path.slice(1)}`],
    ["asterisk-form", `*${path}`],
    ["leading double slash", `/${path}`],
    ["every slash doubled", path.replaceAll("/", "//")],
    ["dot-dot segment before", `/x/..${path}`],
    ["encoded dot-dot segment before", `/x/%2e%2e${path}`],
    ["dot segment before", `/.${path}`],
    ["dot segment inside", `/${first}/.${afterFirst}`],
    ["dot-dot segment inside", `/${first}/x/..${afterFirst}`],
    ["upper case", path.toUpperCase()],
    ["first segment upper case", `/${first.toUpperCase()}${afterFirst}`],
    ["trailing slash", `${path}/`],
    ["trailing double slash", `${path}//`],
    ["semicolon parameter", `${path};x=1`],
    ["empty query", `${path}?`],
    ["fragment", `${path}#x`],
    ["encoded NUL", `${path}%00`],
    ["backslashes", path.replaceAll("/", "\\")],
  ];
  return variants.map(([label, target]) => ({ label, target }));
}
