import { describe, expect, it } from "vitest";
import { forEachToken, identifierSpans, splitIdentifier, stem, tokenize } from "../index.js";

describe("identifier-aware tokenizer", () => {
  it("splits camelCase, PascalCase and acronyms into lowercase parts", () => {
    expect(splitIdentifier("getUserById")).toEqual(["get", "user", "by", "id"]);
    expect(splitIdentifier("HTTPServerError")).toEqual(["http", "server", "error"]);
    expect(splitIdentifier("parseJSON2Xml")).toEqual(["parse", "json2", "xml"]);
  });

  it("splits snake_case, kebab-case and dotted paths", () => {
    expect(splitIdentifier("auth_service")).toEqual(["auth", "service"]);
    expect(splitIdentifier("task-graph")).toEqual(["task", "graph"]);
    expect(splitIdentifier("api.v1.login")).toEqual(["api", "v1", "login"]);
    expect(splitIdentifier("services/auth/src")).toEqual(["services", "auth", "src"]);
  });

  it("keeps the whole identifier as a token next to its parts", () => {
    expect(tokenize("call getUserById now")).toEqual(["call", "get", "user", "id", "getuserbyid", "now"]);
    expect(tokenize("see lib/embedding.ts")).toContain("lib/embedding.ts");
  });

  it("drops stopwords among parts but never the whole identifier", () => {
    expect(tokenize("the login of a user")).toEqual(["login", "user"]);
    expect(tokenize("is_it")).toEqual(["is_it"]);
    expect(tokenize("the login", { dropStopwords: false })).toEqual(["the", "login"]);
  });

  it("keeps numbers and non-ASCII letters", () => {
    expect(tokenize("login fails with 401")).toEqual(["login", "fails", "401"]);
    expect(tokenize("Größe ändern")).toEqual(["größe", "ändern"]);
  });
});

describe("forEachToken", () => {
  it("visits tokenize's tokens, in order with repeats, for every option set", () => {
    const text =
      "The getUserById call, users_service.save() and the HTTPServer: running runs ran; café CAFÉ the";
    for (const stem of [false, true]) {
      for (const dropStopwords of [false, true]) {
        const seen: string[] = [];
        forEachToken(text, { stem, dropStopwords }, (token) => seen.push(token));
        expect(seen).toEqual(tokenize(text, { stem, dropStopwords }));
        expect(seen.length).toBeGreaterThan(10);
      }
    }
  });
});

describe("identifier spans", () => {
  it("reports each identifier's position and tokens", () => {
    const text = "Fix getUserById in auth";
    const spans = identifierSpans(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["Fix", "getUserById", "in", "auth"]);
    expect(spans[1]!.tokens).toEqual(["get", "user", "by", "id", "getuserbyid"]);
  });
});

describe("stemming", () => {
  it("reduces plurals, past tense and gerunds, leaving short words and codes alone", () => {
    expect(["charts", "rendered", "rendering", "queries", "classes", "stopped", "fixes"].map(stem)).toEqual([
      "chart",
      "render",
      "render",
      "query",
      "class",
      "stop",
      "fix",
    ]);
    expect(["ids", "class", "status", "401", "analysis", "need"].map(stem)).toEqual([
      "ids",
      "class",
      "status",
      "401",
      "analysis",
      "need",
    ]);
    expect(tokenize("Charts rendered getUserIds", { stem: true })).toEqual([
      "chart",
      "render",
      "get",
      "user",
      "ids",
      "getuserids",
    ]);
  });
});

describe("tokens of an identifier seen before (remembered per option set)", () => {
  it("are the same again, and the options of one call never leak into another's", () => {
    const text = "The renderedCharts of the renderedCharts";
    const plain = ["rendered", "charts", "renderedcharts", "rendered", "charts", "renderedcharts"];
    expect(tokenize(text)).toEqual(plain);
    expect(tokenize(text, { stem: true })).toEqual([
      "render",
      "chart",
      "renderedcharts",
      "render",
      "chart",
      "renderedcharts",
    ]);
    expect(tokenize(text, { dropStopwords: false })).toEqual([
      "the",
      ...plain.slice(0, 3),
      "of",
      "the",
      ...plain.slice(3),
    ]);
    expect(tokenize(text)).toEqual(plain);
    // The caller owns what it gets: changing it changes nothing of a later call.
    tokenize(text).splice(0);
    expect(tokenize(text)).toEqual(plain);
  });
});
