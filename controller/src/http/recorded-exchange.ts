// One HTTP exchange as a page records it: the unit of the per-module request history that the
// runner keeps and the reporters show.

/** One HTTP exchange made by a page, as kept in the per-module request history. */
export interface RecordedExchange {
  method: string;
  /** Full URL requested. */
  url: string;
  /** Path template matched against services.<name>.endpoints (e.g. /api/users/{id}), if any. */
  endpoint?: { name: string; template: string };
  requestHeaders: Record<string, string>;
  /** Present only when reporting.include_payloads (redaction is the reporters' job). */
  requestBody?: unknown;
  /** undefined when the request failed before a response (then `error` is set). */
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: unknown;
  error?: string;
  startedAt: string;
  durationMs: number;
  /** Attempts made, counting retries (test_data.retries). */
  attempts: number;
}
