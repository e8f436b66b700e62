// Issue list pages (~9 KB for 20 issues) are serialised here rather than by the schema's
// fast-json-stringify function: that one builds the page from ~1000 concatenated pieces, and
// Buffer.byteLength then had to flatten the resulting string. The output is the same because
// envelope() and issueView() build exactly the schema's fields in the schema's order, and the
// fragments below take their field names from IssueSchema (asserted by
// test/api/list-page-json.test.ts and test/api/issue-fields.test.ts).
// A record that can never change (frozen, see IssueViews) has the JSON of its own fields kept
// per record object: an update makes a new record, so a kept fragment is never stale. The caches
// belong to one IssuePageJson (one per app).
import type { FastifyReply } from "fastify";
import type { IssueRecord } from "../ports/graph-store.js";
import type { Envelope } from "../schemas/common.js";
import { ISSUE_FIELDS, type ISSUE_RECORD_FIELDS, type Issue } from "../schemas/issue.js";

type Field = (typeof ISSUE_RECORD_FIELDS)[number];

/** The record's own fields before depends_on, and those after blocks up to the claim's. */
const HEAD_FIELDS = ISSUE_FIELDS.slice(0, ISSUE_FIELDS.indexOf("depends_on")) as Field[];
const TAIL_FIELDS = ISSUE_FIELDS.slice(
  ISSUE_FIELDS.indexOf("blocks") + 1,
  ISSUE_FIELDS.indexOf("assignee"),
) as Field[];

interface Fragments {
  /** `{"id":...,"labels":[...]` — the fields before depends_on. */
  head: string;
  /** `"created_at":...,"closed_at":...` — the fields after blocks up to the claim's. */
  tail: string;
}

function pick(r: IssueRecord, fields: Field[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = r[f];
  return out;
}

export class IssuePageJson {
  readonly #fragments = new WeakMap<IssueRecord, Fragments>();
  // JSON of frozen id arrays (the embedded store's kept dependency arrays), by array identity.
  readonly #arrayJson = new WeakMap<readonly string[], string>();

  /** `recordOf`: the frozen record a list view was made from (IssueService.immutableRecordOf). */
  constructor(private readonly recordOf: (view: Issue) => IssueRecord | undefined) {}

  pageJson(page: Envelope<Issue>): string {
    let items = "";
    for (let i = 0; i < page.items.length; i++)
      items += (i === 0 ? "" : ",") + this.#itemJson(page.items[i]!);
    return `{"items":[${items}],"total":${page.total},"page":${page.page},"limit":${page.limit},"total_pages":${page.total_pages}}`;
  }

  /** Sends a list page with pageJson; errors keep the route's schema serializers. */
  send(reply: FastifyReply, page: Envelope<Issue>): Envelope<Issue> {
    // A custom serializer skips Fastify's JSON content type; set the one the schema path sends.
    reply.type("application/json; charset=utf-8").serializer((p: Envelope<Issue>) => this.pageJson(p));
    return page;
  }

  #fragmentsOf(r: IssueRecord): Fragments {
    let f = this.#fragments.get(r);
    if (!f) {
      const head = JSON.stringify(pick(r, HEAD_FIELDS));
      const tail = JSON.stringify(pick(r, TAIL_FIELDS));
      f = { head: head.slice(0, -1), tail: tail.slice(1, -1) };
      this.#fragments.set(r, f);
    }
    return f;
  }

  #idsJson(ids: string[]): string {
    if (ids.length === 0) return "[]";
    if (!Object.isFrozen(ids)) return JSON.stringify(ids);
    let json = this.#arrayJson.get(ids);
    if (json === undefined) {
      json = JSON.stringify(ids);
      this.#arrayJson.set(ids, json);
    }
    return json;
  }

  #itemJson(view: Issue): string {
    const r = this.recordOf(view);
    if (!r) return JSON.stringify(view);
    const f = this.#fragmentsOf(r);
    // The claim fields depend on the time of the request (a lease runs out), so they are not kept.
    const claim =
      view.assignee === null
        ? '"assignee":null,"claim_expires_at":null'
        : `"assignee":${JSON.stringify(view.assignee)},"claim_expires_at":${JSON.stringify(view.claim_expires_at)}`;
    return `${f.head},"depends_on":${this.#idsJson(view.depends_on)},"blocks":${this.#idsJson(view.blocks)},${f.tail},${claim},"code_refs":${this.#idsJson(view.code_refs)}}`;
  }
}
