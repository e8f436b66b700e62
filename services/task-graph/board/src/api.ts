// The task graph's API as the board uses it: the key (asked once, kept in sessionStorage, sent as
// a header, never in a URL) and the few calls the page makes.
export const STATUSES = ["OPEN", "IN_PROGRESS", "BLOCKED", "CLOSED"] as const;
export type Status = (typeof STATUSES)[number];
export const PRIORITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;

export interface Issue {
  id: string;
  title: string;
  description: string;
  status: Status;
  priority: string;
  component_id: string | null;
  labels: string[];
  depends_on: string[];
  blocks: string[];
  assignee: string | null;
  claim_expires_at: string | null;
  updated_at: string;
}
export interface Component {
  id: string;
  name: string;
  project: string;
}
export interface Note {
  id: string;
  author: string;
  kind: string;
  text: string;
  created_at: string;
}
export interface Activity {
  id: number;
  type: string;
  at: string;
  actor: string;
  changes?: { field: string; from: unknown; to: unknown }[];
}

const KEY_SLOT = "gantry.board.apiKey";
const BASE = "/api/v1";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class Api {
  private key: string | null = sessionStorage.getItem(KEY_SLOT);

  setKey(key: string): void {
    this.key = key;
    sessionStorage.setItem(KEY_SLOT, key);
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.key ? { "x-api-key": this.key } : {}), "x-agent": "board", ...extra };
  }

  async request<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const res = await fetch(BASE + path, {
      method,
      headers: this.headers(body === undefined ? extra : { "content-type": "application/json", ...extra }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : undefined;
    if (!res.ok) throw new ApiError(res.status, json?.code ?? "HTTP_ERROR", json?.error ?? res.statusText);
    return { data: json as T, etag: res.headers.get("etag") };
  }

  /** Every page of a list, fetched in parallel once the first tells the page count. */
  async all<T>(path: string): Promise<T[]> {
    const sep = path.includes("?") ? "&" : "?";
    type Page = { items: T[]; total_pages: number };
    const first = (await this.request<Page>("GET", `${path}${sep}limit=100&page=1`)).data;
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, first.total_pages - 1) }, (_, i) =>
        this.request<Page>("GET", `${path}${sep}limit=100&page=${i + 2}`).then((r) => r.data.items),
      ),
    );
    return first.items.concat(...rest);
  }
}
