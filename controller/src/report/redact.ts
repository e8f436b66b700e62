// Removes secrets from everything a report or run log writes: header values, JSON fields named like
// secrets (nested), known secret values wherever they appear inside strings, and JWT-shaped strings.
// What a name says is secret is lib/secret-names' rule, the one the services' logs use. A value
// that holds nothing (empty, null, absent, a boolean) is shown as it is: `[REDACTED]` in place of
// an empty header would say a secret was sent when none was.

import { isSecretName } from "../../../lib/secret-names/index.js";
import type { ResolvedConfig } from "../config/index.js";
import type { RecordedExchange } from "../http/index.js";
import { escapeRegExp, type FailureDetails, runtimeSecretPattern } from "../runner/index.js";

export const REDACTED = "[REDACTED]";

/** A JSON Web Token: three base64url parts, the first one a JSON object ("eyJ" = '{"'). */
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;

/** A query parameter with a value, e.g. ?api_key=...: redacted when its name is a secret's. */
const QUERY_PARAM = /([?&]([^=&#\s]*)=)([^&#\s]+)/g;

/** "name: value" / "name=value" / "name":"value" pairs in free text (log lines, messages, JSON in strings). */
const SENSITIVE_PAIR =
  /\b((?:proxy-)?authorization|x-api-key|api[-_]?key|pass(?:word|wd)|secret|token|jwt)(["']?\s*[:=]\s*["']?)((?:Bearer|Basic|Token)\s+)?(?!\[REDACTED\])[^\s"',;&]+/gi;

/** Credentials after an auth scheme anywhere in text: "Bearer abc.def". */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+(?!\[REDACTED\])[\w\-.~+/]+=*/g;

/** Passwords in URL user info: scheme://user:password@host */
const URL_USERINFO = /(\b[a-z][\w+.-]*:\/\/[^\s/:@]*:)[^\s/@]+@/gi;

export interface RedactorOptions {
  /** Values redacted wherever they occur, also inside longer strings (test tokens, gateway keys). */
  secrets?: Iterable<string | null | undefined>;
  /** Extra header/field names redacted besides the built-in pattern (the gateway's api_key_header). */
  names?: Iterable<string | null | undefined>;
}

export class Redactor {
  private readonly secrets: string[];
  private readonly names: Set<string>;
  private readonly secretPattern: RegExp | undefined;
  private readonly nameCache = new Map<string, boolean>();

  constructor(options: RedactorOptions = {}) {
    const secrets = new Set<string>();
    for (const value of options.secrets ?? []) if (value) secrets.add(String(value));
    // Longest first so a secret that contains another one is replaced whole.
    this.secrets = [...secrets].sort((a, b) => b.length - a.length);
    this.secretPattern = this.secrets.length
      ? new RegExp(this.secrets.map(escapeRegExp).join("|"), "g")
      : undefined;
    this.names = new Set();
    for (const name of options.names ?? []) if (name) this.names.add(name.toLowerCase());
  }

  /**
   * The redactor a run uses: every secret the config knows about — test tokens, gateway credentials,
   * database and test-user passwords, and service headers or env values whose names look secret
   * (a JWT_SECRET passed to a started service must not show up in a log line either).
   */
  static fromConfig(
    config: Pick<ResolvedConfig, "security" | "api_gateway" | "databases"> &
      Partial<Pick<ResolvedConfig, "services" | "test_data">>,
  ): Redactor {
    const auth = config.api_gateway.auth;
    const named: string[] = [];
    const headerNames = [auth.api_key_header];
    for (const service of Object.values(config.services ?? {})) {
      const maps = [
        service.headers,
        service.env,
        ...Object.values(service.depends_on ?? {}).map((d) => d.env),
      ];
      for (const map of maps) {
        for (const [name, value] of Object.entries(map ?? {})) {
          if (isSecretName(name) && looksLikeASecret(String(value))) named.push(String(value));
        }
      }
      const serviceAuth = service.auth;
      if (serviceAuth?.type === "login") {
        // A login's password is a secret whatever it looks like (short or numeric included).
        for (const [name, value] of Object.entries(serviceAuth.body)) {
          if (isSecretName(name) && value) named.push(String(value));
        }
      } else if (serviceAuth) {
        // A static credential, as for the gateway: its value, and its header by name.
        named.push(...[serviceAuth.bearer_token, serviceAuth.api_key_value].filter((v) => v !== null));
        if (serviceAuth.api_key_header) headerNames.push(serviceAuth.api_key_header);
      }
    }
    return new Redactor({
      secrets: [
        ...Object.values(config.security.test_tokens ?? {}),
        auth.bearer_token,
        auth.api_key_value,
        ...Object.values(config.databases ?? {}).map((db) => db.password),
        config.test_data?.user?.password,
        ...named,
      ],
      names: headerNames,
    });
  }

  /** True when a header or field of this name must never be shown. */
  isSensitiveName(name: string): boolean {
    let sensitive = this.nameCache.get(name);
    if (sensitive === undefined) {
      sensitive = isSecretName(name) || this.names.has(name.toLowerCase());
      // Field names repeat across thousands of bodies; bound the cache for odd, key-per-id payloads.
      if (this.nameCache.size < 10_000) this.nameCache.set(name, sensitive);
    }
    return sensitive;
  }

  /** A string with known secrets, JWTs, secret query values and URL passwords replaced. */
  text(value: string): string {
    let out = value;
    if (this.secretPattern) out = out.replace(this.secretPattern, REDACTED);
    const runtimePattern = runtimeSecretPattern();
    if (runtimePattern) out = out.replace(runtimePattern, REDACTED);
    if (out.includes("eyJ")) out = out.replace(JWT, REDACTED);
    if (out.includes("="))
      out = out.replace(QUERY_PARAM, (all, head: string, name: string, value: string) =>
        value !== REDACTED && isSecretName(safeDecode(name)) ? `${head}${REDACTED}` : all,
      );
    if (out.includes("@")) out = out.replace(URL_USERINFO, `$1${REDACTED}@`);
    if (/[:=]/.test(out)) out = out.replace(SENSITIVE_PAIR, `$1$2$3${REDACTED}`);
    if (out.includes("Bearer") || out.includes("Basic")) out = out.replace(AUTH_SCHEME, `$1 ${REDACTED}`);
    return out;
  }

  /** A deep copy of any JSON-like value with sensitive fields and secret strings redacted. */
  value(value: unknown): unknown {
    return this.walk(value, new WeakSet());
  }

  headers(headers: Record<string, string> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers ?? {})) {
      const text = String(value);
      out[name] = this.isSensitiveName(name) && holdsSomething(text) ? REDACTED : this.text(text);
    }
    return out;
  }

  /** One exchange, ready to be written: headers, bodies, URL and error text redacted. */
  exchange(exchange: RecordedExchange): RecordedExchange {
    const out: RecordedExchange = {
      ...exchange,
      url: this.text(exchange.url),
      requestHeaders: this.headers(exchange.requestHeaders),
    };
    if (exchange.responseHeaders) out.responseHeaders = this.headers(exchange.responseHeaders);
    if ("requestBody" in exchange) out.requestBody = this.value(exchange.requestBody);
    if ("responseBody" in exchange) out.responseBody = this.value(exchange.responseBody);
    if (exchange.error !== undefined) out.error = this.text(exchange.error);
    return out;
  }

  /** Failure details can quote request data (assert messages, expected/actual): redact them too. */
  failure(failure: FailureDetails): FailureDetails {
    const out: FailureDetails = { ...failure, message: this.text(failure.message) };
    if ("expected" in failure) out.expected = this.value(failure.expected);
    if ("actual" in failure) out.actual = this.value(failure.actual);
    if (failure.stack !== undefined) out.stack = this.text(failure.stack);
    return out;
  }

  /** Copy-on-write: a value with nothing to redact comes back as is, so clean bodies cost no copy. */
  private walk(value: unknown, seen: WeakSet<object>): unknown {
    if (typeof value === "string") return this.text(value);
    if (value === null || typeof value !== "object") return value;
    if (value instanceof Date) return value.toISOString();
    if (seen.has(value)) return "[Circular]";
    seen.add(value);
    let out: unknown = value;
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const item = this.walk(value[i], seen);
        if (copy) copy.push(item);
        else if (item !== value[i]) copy = [...value.slice(0, i), item];
      }
      if (copy) out = copy;
    } else {
      const object = value as Record<string, unknown>;
      let copy: Record<string, unknown> | undefined;
      for (const key of Object.keys(object)) {
        const item = object[key];
        const safe = this.isSensitiveName(key) && holdsSomething(item) ? REDACTED : this.walk(item, seen);
        if (copy) copy[key] = safe;
        else if (safe !== item) {
          copy = {};
          // Keys before this one were clean: copy them as they are, in order.
          for (const before of Object.keys(object)) {
            if (before === key) break;
            copy[before] = object[before];
          }
          copy[key] = safe;
        }
      }
      if (copy) out = copy;
    }
    seen.delete(value);
    return out;
  }
}

/** Whether a value under a secret's name could be one: not empty, null, absent or a boolean. */
function holdsSomething(value: unknown): boolean {
  if (value === undefined || value === null || typeof value === "boolean") return false;
  return typeof value !== "string" || value.trim() !== "";
}

/** A query parameter's name as the server reads it (`api%5Fkey` is api_key); as is when malformed. */
function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/**
 * A value found only by its name (TOKEN_TTL_SECONDS: "3600" also matches /token/) is treated as a
 * secret only when it could be one: not a number or boolean, at least 6 characters. Otherwise every
 * "3600" in every report would be blanked out.
 */
function looksLikeASecret(value: string): boolean {
  return value.length >= 6 && !/^(?:\d+|true|false)$/i.test(value);
}
