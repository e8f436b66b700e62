// Secrets learned while a run goes (a login's token). The runner registers them as it reads them;
// every redactor of the process (report/redact.ts) redacts them, including those built before the
// secret was known. It lives here so that the runner never imports report/.

const runtimeSecrets = new Set<string>();
let runtimePattern: RegExp | undefined;

export function registerSecret(value: string | null | undefined): void {
  if (!value || runtimeSecrets.has(value)) return;
  runtimeSecrets.add(value);
  runtimePattern = new RegExp(
    [...runtimeSecrets]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|"),
    "g",
  );
}

/** One pattern matching every registered secret, longest first; undefined while there is none. */
export function runtimeSecretPattern(): RegExp | undefined {
  return runtimePattern;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
