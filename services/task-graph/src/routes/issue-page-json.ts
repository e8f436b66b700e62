// Issue list pages (~9 KB for 20 issues) are serialised here rather than by the schema's
// fast-json-stringify function: that one builds the page from ~1000 concatenated pieces, and
// Buffer.byteLength then had to flatten the resulting string. The output is the same because
// envelope() and issueView() build exactly the schema's fields in the schema's order (asserted
// by test/api/list-page-json.test.ts).
// A record that can never change (frozen, see immutableRecordOf) has the JSON of its own fields
// kept per record object: an update makes a new record, so a kept fragment is never stale.
import type { FastifyReply } from "fastify";
import { immutableRecordOf } from "../domain/issue-view.js";
import type { IssueRecord } from "../ports/graph-store.js";
import type { Envelope } from "../schemas/common.js";
import type { Issue } from "../schemas/issue.js";

interface Fragments {
  /** `{"id":...,"labels":[...]` — the fields before depends_on. */
  head: string;
  /** `"created_at":...,"closed_at":...` — the fields after blocks up to the claim's. */
  tail: string;
}

const fragments = new WeakMap<IssueRecord, Fragments>();

function fragmentsOf(r: IssueRecord): Fragments {
  let f = fragments.get(r);
  if (!f) {
    const head = JSON.stringify({
      id: r.id,
      title: r.title,
      description: r.description,
      status: r.status,
      priority: r.priority,
      component_id: r.component_id,
      labels: r.labels,
    });
    const tail = JSON.stringify({
      created_at: r.created_at,
      updated_at: r.updated_at,
      closed_at: r.closed_at,
    });
    f = { head: head.slice(0, -1), tail: tail.slice(1, -1) };
    fragments.set(r, f);
  }
  return f;
}

// JSON of frozen id arrays (the embedded store's kept dependency arrays), by array identity.
const arrayJson = new WeakMap<readonly string[], string>();

function idsJson(ids: string[]): string {
  if (ids.length === 0) return "[]";
  if (!Object.isFrozen(ids)) return JSON.stringify(ids);
  let json = arrayJson.get(ids);
  if (json === undefined) {
    json = JSON.stringify(ids);
    arrayJson.set(ids, json);
  }
  return json;
}

function itemJson(view: Issue): string {
  const r = immutableRecordOf(view);
  if (!r) return JSON.stringify(view);
  const f = fragmentsOf(r);
  // The claim fields depend on the time of the request (a lease runs out), so they are not kept.
  const claim =
    view.assignee === null
      ? '"assignee":null,"claim_expires_at":null'
      : `"assignee":${JSON.stringify(view.assignee)},"claim_expires_at":${JSON.stringify(view.claim_expires_at)}`;
  return `${f.head},"depends_on":${idsJson(view.depends_on)},"blocks":${idsJson(view.blocks)},${f.tail},${claim}}`;
}

export function pageJson(page: Envelope<Issue>): string {
  let items = "";
  for (let i = 0; i < page.items.length; i++) items += (i === 0 ? "" : ",") + itemJson(page.items[i]!);
  return `{"items":[${items}],"total":${page.total},"page":${page.page},"limit":${page.limit},"total_pages":${page.total_pages}}`;
}

/** Sends a list page with pageJson; errors keep the route's schema serializers. */
export function issuePage(reply: FastifyReply, page: Envelope<Issue>): Envelope<Issue> {
  // A custom serializer skips Fastify's JSON content type; set the one the schema path sends.
  reply.type("application/json; charset=utf-8").serializer(pageJson);
  return page;
}
