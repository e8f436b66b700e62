// A copy-paste `curl` command that repeats a recorded request (point 12 of the daily-use issue),
// built from the redacted exchange. A redacted secret is never sent as the text `[REDACTED]`: it
// becomes an environment variable the command reads ($E2E_TOKEN for the request's credential
// header, else E2E_<NAME> after the header, field or parameter that held it), and a comment line
// above the command says which to set. An empty header is repeated empty, as it was sent.

import type { RecordedExchange } from "../http/index.js";
import { REDACTED } from "./redact.js";

/** Headers curl or the HTTP client set by themselves; repeating them only adds noise. */
const IMPLICIT = new Set(["content-length", "host", "connection", "accept-encoding", "user-agent"]);

/** Headers that carry the credential first: the one whose secret is $E2E_TOKEN. */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie"];

/** Where a variable stands inside a piece of text, until the text is quoted for the shell. */
const MARK = "\u0001";
const MARKED = new RegExp(`${MARK}([A-Z0-9_]+)${MARK}`, "g");
/** `\u0001` as JSON.stringify writes it inside a body. */
const MARKED_IN_JSON = /\\u0001([A-Z0-9_]+)\\u0001/g;

/** The variable a secret named `name` goes into: E2E_<NAME> (E2E_TOKEN when there is no name). */
function variableFor(name: string | undefined): string {
  if (!name) return "E2E_TOKEN";
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return words ? `E2E_${words}` : "E2E_TOKEN";
}

/** POSIX shell single quotes: safe for any byte but the quote itself, which is closed and escaped. */
function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * One shell word of text holding variable marks: single-quoted text joined with "$VAR", so the
 * shell puts the value in and the text around it is taken as it is.
 */
function shellWord(marked: string, found: Map<string, string>, what: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of marked.matchAll(MARKED)) {
    if (m.index > last) parts.push(quote(marked.slice(last, m.index)));
    if (!found.has(m[1]!)) found.set(m[1]!, what);
    parts.push(`"$${m[1]}"`);
    last = m.index + m[0].length;
  }
  if (last < marked.length || parts.length === 0) parts.push(quote(marked.slice(last)));
  return parts.join("");
}

/** Text with each [REDACTED] marked as a variable; a `name=[REDACTED]` pair names its own. */
function markText(text: string, fallback: string): string {
  return text
    .replace(/([\w.-]+)=\[REDACTED\]/g, (_all, name: string) => `${name}=${MARK}${variableFor(name)}${MARK}`)
    .replaceAll(REDACTED, `${MARK}${fallback}${MARK}`);
}

function bodyText(body: unknown): string {
  if (typeof body === "string") return markText(body, "E2E_TOKEN");
  const json = JSON.stringify(body, (key, value: unknown) =>
    typeof value === "string" && value.includes(REDACTED)
      ? value.replaceAll(REDACTED, `${MARK}${variableFor(key || undefined)}${MARK}`)
      : value,
  );
  return json.replace(MARKED_IN_JSON, `${MARK}$1${MARK}`);
}

/** `exchange` must already be redacted. A body that was not recorded is left out. */
export function curlCommand(exchange: RecordedExchange): string {
  /** Variable → what it stands for, in the order met. */
  const found = new Map<string, string>();
  const url = shellWord(markText(exchange.url, "E2E_TOKEN"), found, "a secret of the URL");
  const parts = ["curl", "-i", "-X", exchange.method.toUpperCase(), url];
  const headers = Object.entries(exchange.requestHeaders ?? {}).filter(
    ([name]) => !IMPLICIT.has(name.toLowerCase()),
  );
  // The credential: Authorization (or the like) when it holds a secret, else the first header that does.
  const secret = headers.filter(([, value]) => value.includes(REDACTED)).map(([name]) => name);
  const credential = secret.find((name) => CREDENTIAL_HEADERS.includes(name.toLowerCase())) ?? secret[0];
  for (const [name, value] of headers) {
    const variable = name === credential ? "E2E_TOKEN" : variableFor(name);
    // curl drops a header given as "Name:"; "Name;" sends it with an empty value.
    const header = value === "" ? `${name};` : `${name}: ${markText(value, variable)}`;
    parts.push("-H", shellWord(header, found, `the ${name} header's value`));
  }
  if (exchange.requestBody !== undefined && exchange.requestBody !== null) {
    parts.push("--data-raw", shellWord(bodyText(exchange.requestBody), found, "a secret of the body"));
  }
  const command = parts.join(" ");
  if (found.size === 0) return command;
  const set = [...found].map(([name, what]) => `${name} (${what})`).join(", ");
  return `# Reports hold no secrets: first export ${set}\n${command}`;
}
