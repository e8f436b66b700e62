// An event as clients see it (the stream's `data:` and the activity list): the stored event,
// with an issue.created's issue and a component.created's component in their API shapes.
import { issueView } from "../domain/issue-view.js";
import type { EventRecord } from "../ports/graph-store.js";
import type { EventView } from "../schemas/event.js";

const NO_DEPS = { depends_on: [] as string[], blocks: [] as string[] };

export function eventView(e: EventRecord): EventView {
  // Most events carry neither: their view is the record as it is, with no copy (the stream
  // renders every event).
  if (e.issue === undefined && e.component === undefined)
    return e as Omit<EventRecord, "issue" | "component">;
  const { issue, component, ...rest } = e;
  return {
    ...rest,
    // A new issue has no dependencies yet; its claim fields as they read at that instant.
    ...(issue ? { issue: issueView(issue, NO_DEPS, e.at) } : {}),
    ...(component ? { component: { ...component, paths: component.paths ?? [] } } : {}),
  };
}

/** One event as Server-Sent Events text: `id:`, `event:` and one `data:` line (JSON has no raw newline). */
export function sseFrame(e: EventRecord): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(eventView(e))}\n\n`;
}
