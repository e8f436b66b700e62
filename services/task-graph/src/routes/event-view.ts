// An event as clients see it (the stream's `data:` and the activity list): the stored event,
// with an issue.created's issue and a component.created's component in their API shapes.
import { issueView } from "../domain/issue-view.js";
import type { EventRecord } from "../ports/graph-store.js";
import type { EventView } from "../schemas/event.js";

const NO_DEPS = { depends_on: [] as string[], blocks: [] as string[] };

export function eventView(e: EventRecord): EventView {
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
  // Most events carry neither an issue nor a component: their view is the record as it is, so the
  // stream (which renders every event) skips eventView's copy of it.
  const view = e.issue === undefined && e.component === undefined ? e : eventView(e);
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(view)}\n\n`;
}
