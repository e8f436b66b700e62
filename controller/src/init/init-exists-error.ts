import { UsageError } from "../errors/index.js";

/** `e2e init` would overwrite files; `existing` lists them (absolute paths). Use force to overwrite. */
export class InitExistsError extends UsageError {
  override readonly code = "E2E_INIT_EXISTS";
  constructor(readonly existing: string[]) {
    super(
      `Refusing to overwrite existing files (use --force to overwrite them):\n${existing.map((f) => `  ${f}`).join("\n")}`,
    );
    this.name = "InitExistsError";
  }
}
