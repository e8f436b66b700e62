// Seeded generators of malformed input for the services' fuzz tests: random JSON-ish values,
// request bodies (often truncated, binary or mislabelled), query strings and path ids. Each
// service supplies its own vocabulary (field names, strings, query keys) so that the random
// input often comes close to being valid. One seed gives one sequence, so a failure is
// reproduced with FUZZ_SEED=<seed>.

/** FUZZ_SEED from the environment, else a fresh random seed (print it so a failure can be replayed). */
export function fuzzSeed(): number {
  return Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
}

/** mulberry32: a small, fast PRNG with a 32-bit state; uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Query values that break numeric, paging and encoding rules; each test adds its own words. */
export const MALFORMED_QUERY_VALUES: readonly string[] = [
  "1",
  "0",
  "-1",
  "2",
  "100",
  "101",
  "1.5",
  "abc",
  "",
  "1e3",
  "0x1",
  " 3",
  "99999999999999999999",
  "%",
  "%ZZ",
];

/** Strings that probe encoding, injection and length handling; each test adds its own words. */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "a",
  "x".repeat(300),
  "\u0000",
  "🙂🙂",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, literal on purpose
  "${jndi:ldap://x}",
  "%00",
  "null",
  "123456",
];

/** Content-Type headers for bodies: mostly JSON (so bodies reach validation), then wrong ones. */
export const FUZZ_CONTENT_TYPES: readonly (string | undefined)[] = [
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/xml",
  "application/jsonx",
  undefined,
];

export interface FuzzVocabulary {
  /** Object keys, mostly the service's own field names. */
  fields: readonly string[];
  /** Strings picked more often than random characters. */
  strings: readonly string[];
  /** Numbers to try as values (edge cases and limits). */
  numbers: readonly number[];
  /** Content-Type headers to send with a body (undefined: none). */
  contentTypes: readonly (string | undefined)[];
  queryKeys: readonly string[];
  queryValues: readonly string[];
}

export interface FuzzBody {
  raw: string | Uint8Array | undefined;
  contentType: string | undefined;
}

export interface Fuzzer {
  rand: () => number;
  int: (n: number) => number;
  pick: <T>(xs: readonly T[]) => T;
  randomString: () => string;
  randomValue: (depth?: number) => unknown;
  randomObject: (depth?: number) => Record<string, unknown>;
  randomBody: () => FuzzBody;
  /** "" or "?k=v&..." */
  randomQuery: () => string;
  /** A bad id, or (twice as likely each) one of `known`. */
  randomId: (known?: readonly string[]) => string;
}

export function createFuzzer(seed: number, vocabulary: FuzzVocabulary): Fuzzer {
  const { fields, strings, numbers, contentTypes, queryKeys, queryValues } = vocabulary;
  const rand = mulberry32(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

  function randomString(): string {
    if (rand() < 0.6) return pick(strings);
    let s = "";
    for (let i = int(40); i > 0; i--) s += String.fromCharCode(int(rand() < 0.9 ? 128 : 0xd7ff));
    return s;
  }

  function randomValue(depth = 0): unknown {
    switch (int(depth > 2 ? 6 : 8)) {
      case 0:
      case 4:
        return randomString();
      case 1:
        return pick(numbers);
      case 2:
        return rand() < 0.5;
      case 3:
        return null;
      case 5:
        return pick(strings);
      case 6:
        return Array.from({ length: int(4) }, () => randomValue(depth + 1));
      default:
        return randomObject(depth + 1);
    }
  }

  function randomObject(depth = 0): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    for (let i = int(5); i > 0; i--) o[rand() < 0.8 ? pick(fields) : randomString()] = randomValue(depth);
    return o;
  }

  function randomBody(): FuzzBody {
    const contentType = pick(contentTypes);
    switch (int(7)) {
      case 0:
        return { raw: undefined, contentType };
      case 1: {
        const json = JSON.stringify(randomObject());
        return { raw: json.slice(0, int(json.length + 1)), contentType }; // often truncated
      }
      case 2:
        return { raw: Uint8Array.from({ length: int(64) }, () => int(256)), contentType };
      case 3:
        return { raw: JSON.stringify(randomValue()), contentType };
      default:
        return { raw: JSON.stringify(randomObject()), contentType };
    }
  }

  function randomQuery(): string {
    const parts: string[] = [];
    for (let i = int(5); i > 0; i--) {
      const k = pick(queryKeys);
      const v = rand() < 0.8 ? pick(queryValues) : randomString();
      parts.push(rand() < 0.1 ? k : `${k}=${rand() < 0.7 ? encodeURIComponent(v) : v.replace(/[#?/]/g, "")}`);
    }
    return parts.length ? `?${parts.join("&")}` : "";
  }

  function randomId(known: readonly string[] = []): string {
    return pick([
      "nope",
      "00000000-0000-4000-8000-000000000000",
      encodeURIComponent(randomString()) || "x",
      "a".repeat(500),
      "..%2F..%2Fetc",
      "%E0%A4%A",
      "1;DROP TABLE",
      ...known,
      ...known,
    ]);
  }

  return { rand, int, pick, randomString, randomValue, randomObject, randomBody, randomQuery, randomId };
}
