// A fully read HTTP response. The body is buffered before the page returns it, so json() and
// text() are synchronous: scenario asserts read like `assert.equal(res.json().status, "healthy")`.

export class PageResponse {
  private parsed: { ok: true; value: unknown } | { ok: false; error: Error } | undefined;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    /** Lower-case header names; repeated headers joined with ", ". */
    readonly headers: Record<string, string>,
    readonly body: Buffer,
    /** From sending the request to the last byte of the body, ms. */
    readonly durationMs: number,
  ) {}

  text(): string {
    return this.body.toString("utf8");
  }

  /** The body parsed as JSON; throws a clear error naming the request when it is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: scenario code reads fields without casts, like fetch's json().
  json<T = any>(): T {
    if (!this.parsed) {
      try {
        this.parsed = { ok: true, value: JSON.parse(this.text()) };
      } catch (err) {
        const preview = this.text().slice(0, 200);
        this.parsed = {
          ok: false,
          error: new Error(
            `${this.method} ${this.url} → ${this.status}: body is not JSON (${(err as Error).message}): ${JSON.stringify(preview)}`,
          ),
        };
      }
    }
    if (!this.parsed.ok) throw this.parsed.error;
    return this.parsed.value as T;
  }
}
