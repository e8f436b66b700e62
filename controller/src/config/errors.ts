// Errors of the config loader, each with a machine `code` (vitest's node/errors.ts style). Each is a
// UsageError: the user's to fix, exit 2 (errors/).

import { UsageError } from "../errors/index.js";

/** A source position, 1-based. */
export interface SourcePos {
  line: number;
  col: number;
}

/** One thing wrong with a config: where, which option, and what. */
export class ConfigProblem {
  constructor(
    /** Dotted option path, e.g. `services.auth.port`. */
    readonly path: string,
    /** One sentence naming the expectation and the bad value. */
    readonly message: string,
    /** File name as shown to the user (relative to the working directory when inside it). */
    readonly file?: string,
    readonly pos?: SourcePos,
  ) {}

  /** `e2e.conf:12:11 services.auth.port: must be an integer from 1 to 65535, got 70000` */
  toString(): string {
    const where = this.file
      ? this.pos
        ? `${this.file}:${this.pos.line}:${this.pos.col} `
        : `${this.file} `
      : "";
    return `${where}${this.path}: ${this.message}`;
  }
}

/** The configuration is invalid; `problems` holds every problem found, not just the first. */
export class ConfigError extends UsageError {
  override readonly code = "E2E_CONFIG_INVALID";
  constructor(
    readonly problems: ConfigProblem[],
    /** Warnings found on the way (unknown keys under lenient), for context. */
    readonly warnings: ConfigProblem[] = [],
  ) {
    const n = problems.length;
    super(
      `Configuration validation failed (${n} problem${n === 1 ? "" : "s"}):\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** No configuration file where one was looked for; `searched` lists every path tried, in order. */
export class ConfigNotFoundError extends UsageError {
  override readonly code = "E2E_CONFIG_NOT_FOUND";
  constructor(
    readonly searched: string[],
    message: string,
  ) {
    super(message);
    this.name = "ConfigNotFoundError";
  }
}

/** A service name that is not in the config's `services`. */
export class UnknownServiceError extends UsageError {
  override readonly code = "E2E_CONFIG_UNKNOWN_SERVICE";
  constructor(
    readonly service: string,
    readonly known: string[],
  ) {
    super(
      `Service "${service}" is not in the configuration; configured services: ${known.length ? known.join(", ") : "(none)"}.`,
    );
    this.name = "UnknownServiceError";
  }
}

/** Every error code of this module, for callers mapping codes to exit statuses. */
export const CONFIG_ERROR_CODES = {
  E2E_CONFIG_INVALID: ConfigError,
  E2E_CONFIG_NOT_FOUND: ConfigNotFoundError,
  E2E_CONFIG_UNKNOWN_SERVICE: UnknownServiceError,
} as const;
