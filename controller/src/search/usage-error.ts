// `e2e search`'s usage errors (exit 2), with the code of the runner's UsageError (`E2E_USAGE`,
// which the CLI maps to 2). Its own class because loading the runner's module graph for one
// class cost ~60 ms of a search's ~300 ms budget (bench/e2e-search/speed.ts).
export class SearchUsageError extends Error {
  readonly code = "E2E_USAGE";
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
