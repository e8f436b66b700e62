// The context paths a Dockerfile copies in (COPY/ADD without --from), e.g. ["package.json", "lib"].
// Used to fingerprint only what a build reads, not the whole context.

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
