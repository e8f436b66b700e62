// Reading settings from the environment, shared by the services' and lib's adapter choices: a
// blank value counts as unset, and a bad number names its variable.

/** The variable's value, trimmed; undefined when unset or blank. */
export function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/**
 * The variable as a non-negative integer, `fallback` when unset; otherwise the error `invalid`
 * makes from the variable's name and a message saying what it accepts.
 */
export function envInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  invalid: (name: string, message: string) => Error,
): number {
  const raw = envValue(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw invalid(name, `${name} must be a non-negative integer, got "${raw}"`);
  return Number(raw);
}
