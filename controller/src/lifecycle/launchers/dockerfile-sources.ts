// The context paths a Dockerfile copies in (COPY/ADD without --from), e.g. ["package.json", "lib"].
// Used to fingerprint only what a build reads, not the whole context, and to send only that.

export function dockerfileSources(dockerfile: string): string[] {
  const sources: string[] = [];
  const logical = dockerfile.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  for (const line of logical) {
    const match = /^\s*(COPY|ADD)\s+(.*)$/i.exec(line);
    if (!match) continue;
    let rest = match[2]!.trim();
    const flags = /^(--\S+\s+)*/.exec(rest)?.[0] ?? "";
    if (/--from=/.test(flags)) continue;
    rest = rest.slice(flags.length).trim();
    const args = rest.startsWith("[") ? (JSON.parse(rest) as string[]) : rest.split(/\s+/);
    sources.push(...args.slice(0, -1));
  }
  return [...new Set(sources.map((s) => s.replace(/^\.\/+/, "").replace(/\/+$/, "") || "."))];
}

/**
 * The context paths a build reads, when the sources say exactly which: undefined when one is a
 * pattern or a variable (`*.json`, `$APP`), which only the whole context can answer. URLs (`ADD
 * https://…`) are not in the context and are left out.
 */
export function contextPaths(sources: string[]): string[] | undefined {
  const local = sources.filter((s) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(s));
  return local.some((s) => /[*?[\]$]/.test(s)) ? undefined : local;
}
