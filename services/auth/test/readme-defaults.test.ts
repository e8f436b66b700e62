// The README's environment table is what users read: each default it states is the one the code uses.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resolveAuthConfig } from "../src/config.js";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");

/** The Default column of the README's environment table, by variable. */
function documentedDefaults(): Map<string, string> {
  const rows = README.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*`([^`]+)`\s*\|/gm);
  return new Map([...rows].map((m) => [m[1]!, m[2]!]));
}

describe("services/auth/README.md", () => {
  it("states the defaults the code applies when a variable is unset (PORT, TOKEN_TTL_SECONDS, AUTH_REQUIRED, SCRYPT_COST)", () => {
    const documented = documentedDefaults();
    const config = resolveAuthConfig({});
    expect({
      PORT: documented.get("PORT"),
      TOKEN_TTL_SECONDS: documented.get("TOKEN_TTL_SECONDS"),
      AUTH_REQUIRED: documented.get("AUTH_REQUIRED"),
      SCRYPT_COST: documented.get("SCRYPT_COST"),
    }).toEqual({
      PORT: String(config.port),
      TOKEN_TTL_SECONDS: String(config.tokenTtlSeconds),
      AUTH_REQUIRED: String(config.authRequired),
      SCRYPT_COST: String(config.scryptCost),
    });
  });
});
