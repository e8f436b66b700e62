// Which discovered modules a run executes (--service, --module, --tag, --exclude-tag, --grep).
// A module left out is reported as skipped with the filter that left it out.

import { UsageError } from "../errors/index.js";
import type { Shard } from "./shard.js";

export interface Selection {
  services?: string[];
  /** Module names, with or without extension, optionally "service/module". */
  modules?: string[];
  tags?: string[];
  excludeTags?: string[];
  grep?: RegExp;
  /** --shard i/n: this machine's part of what the filters above selected. */
  shard?: Shard;
}

export interface Candidate {
  service: string;
  name: string;
  tags: string[];
}

const EXTENSION = /\.(ts|mts|js|mjs)$/;

/** Checks filters against the config before anything runs; unknown names are usage errors. */
export function validateSelection(selection: Selection, configured: string[]): void {
  for (const s of selection.services ?? []) {
    if (!configured.includes(s)) {
      throw new UsageError(
        `--service: unknown service "${s}"; configured services: ${configured.join(", ") || "(none)"}`,
      );
    }
  }
}

export function serviceSelected(service: string, selection: Selection): boolean {
  return !selection.services?.length || selection.services.includes(service);
}

/** undefined when the module is selected, else why it is not. */
export function skipReason(c: Candidate, selection: Selection): string | undefined {
  if (!serviceSelected(c.service, selection)) return "filtered out by --service";
  if (selection.modules?.length) {
    const wanted = selection.modules.map((m) => m.replace(EXTENSION, ""));
    if (!wanted.includes(c.name) && !wanted.includes(`${c.service}/${c.name}`))
      return "filtered out by --module";
  }
  if (selection.grep && !selection.grep.test(`${c.service}/${c.name}`)) return "filtered out by --grep";
  if (selection.tags?.length && !c.tags.some((t) => selection.tags!.includes(t)))
    return "filtered out by --tag";
  if (selection.excludeTags?.length && c.tags.some((t) => selection.excludeTags!.includes(t))) {
    return "filtered out by --exclude-tag";
  }
  return undefined;
}

export function describeSelection(selection: Selection): string {
  const parts: string[] = [];
  if (selection.services?.length) parts.push(`--service ${selection.services.join(",")}`);
  if (selection.modules?.length) parts.push(`--module ${selection.modules.join(",")}`);
  if (selection.tags?.length) parts.push(`--tag ${selection.tags.join(",")}`);
  if (selection.excludeTags?.length) parts.push(`--exclude-tag ${selection.excludeTags.join(",")}`);
  if (selection.grep) parts.push(`--grep ${selection.grep.source}`);
  if (selection.shard) parts.push(`--shard ${selection.shard.index}/${selection.shard.total}`);
  return parts.length ? parts.join(" ") : "no filters";
}
