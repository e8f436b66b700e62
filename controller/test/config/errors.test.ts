import { describe, expect, it } from "vitest";
import {
  CONFIG_ERROR_CODES,
  ConfigError,
  ConfigNotFoundError,
  ConfigProblem,
  UnknownServiceError,
} from "../../src/config/index.js";

describe("config error table", () => {
  it("maps every code to a class whose instances carry that code", () => {
    const samples = [
      new ConfigError([new ConfigProblem("general", "required section is missing")]),
      new ConfigNotFoundError(["/x/e2e.conf"], "No configuration file found."),
      new UnknownServiceError("a", ["b"]),
    ];
    for (const error of samples) {
      expect(error).toBeInstanceOf(Error);
      expect(CONFIG_ERROR_CODES[error.code]).toBe(error.constructor);
      expect(error.code).toMatch(/^E2E_CONFIG_[A-Z_]+$/);
    }
    expect(Object.keys(CONFIG_ERROR_CODES)).toHaveLength(samples.length);
  });

  it("formats a problem as file:line:col path: message, and without a file as path: message", () => {
    expect(
      String(new ConfigProblem("services.auth.port", "must be x, got 0", "e2e.conf", { line: 12, col: 11 })),
    ).toBe("e2e.conf:12:11 services.auth.port: must be x, got 0");
    expect(String(new ConfigProblem("general", "required section is missing"))).toBe(
      "general: required section is missing",
    );
  });

  it("says how many problems there are, singular or plural", () => {
    const one = new ConfigError([new ConfigProblem("a", "b")]);
    const two = new ConfigError([new ConfigProblem("a", "b"), new ConfigProblem("c", "d")]);
    expect(one.message).toBe("Configuration validation failed (1 problem):\n  a: b");
    expect(two.message).toBe("Configuration validation failed (2 problems):\n  a: b\n  c: d");
  });
});
