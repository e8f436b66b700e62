import { describe, expect, it } from "vitest";
import { splitIdentifier, tokenize } from "../index.js";

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
