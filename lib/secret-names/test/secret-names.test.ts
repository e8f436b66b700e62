import { describe, expect, it } from "vitest";
import { isSecretName } from "../index.js";

describe("isSecretName", () => {
  it("is true when a word of the name, or the name run together, is a secret word", () => {
    for (const name of [
      "jwt",
      "bearer",
      "x-api-key",
      "idToken",
      "token2",
      "apikey",
      "ACCESS_TOKEN",
      "Set-Cookie",
      "client_secret",
    ])
      expect(isSecretName(name), name).toBe(true);
  });

  it("is false for names that only contain a secret word as a substring, and for counts", () => {
    for (const name of ["budget_tokens", "max_tokens", "tokenizer", "monkey", "author", "page", "keys"])
      expect(isSecretName(name), name).toBe(false);
  });
});
