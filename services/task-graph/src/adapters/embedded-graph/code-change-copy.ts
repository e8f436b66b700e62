// A code write as the embedded store keeps it: a deep, frozen copy (what is applied is exactly
// what the journal replays, whatever the caller does next) and the JSON text of that copy for the
// journal line, made a file's subgraph at a time with turns of the event loop between slices.
// Copying and stringifying a 1,200-file upload whole held the loop for 1-3 s (issue 25 point 5).
import type { CodeFileSubgraph, CodeFilesChange } from "../../ports/code-graph-store.js";
import { LoopSlices } from "./loop-slices.js";

export interface CopiedChange {
  change: CodeFilesChange;
  /** JSON.stringify(change) in pieces (joined, one string of tens of MB to flatten and encode). */
  json: string[];
}

export async function copyCodeChange(
  change: Omit<CodeFilesChange, "texts">,
  slices = new LoopSlices(),
): Promise<CopiedChange> {
  const upsert: CodeFileSubgraph[] = [];
  const parts: string[] = [];
  for (const sub of change.upsert) {
    const json = JSON.stringify(sub);
    parts.push(json);
    upsert.push(deepFreeze(JSON.parse(json) as CodeFileSubgraph));
    await slices.tick();
  }
  const remove = Object.freeze([...change.remove]) as string[];
  const copy = Object.freeze({
    repo: change.repo,
    upsert: Object.freeze(upsert) as CodeFileSubgraph[],
    remove,
  });
  const json = [`{"repo":${JSON.stringify(change.repo)},"upsert":[`];
  for (let i = 0; i < parts.length; i++) json.push(i === 0 ? parts[i]! : `,${parts[i]}`);
  json.push(`],"remove":${JSON.stringify(remove)}}`);
  return { change: copy, json };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
