// SearchService.syncVectors and VectorSync with a vector index that goes down and comes back. The
// outage is simulated around the real embedded index (a switch that makes every call fail, and a
// "restart" that empties it); the same path against a real Redis 8 is vector-sync-redis.test.ts.
import { describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { SearchService } from "../../src/domain/search/index.js";
import { VectorSync } from "../../src/domain/search/vector-sync.js";
import { BackendUnavailableError } from "../../src/ports/errors.js";
import type { VectorIndex, VectorItem, VectorQuery } from "../../src/ports/vector-index.js";
import { issue } from "./fixtures.js";

class SwitchableVectorIndex implements VectorIndex {
  readonly backend = "switchable";
  down = false;
  inits = 0;
  upserts = 0;
  /** While set, every upsert waits for it (and calls `reached` first). */
  gate: Promise<void> | null = null;
  reached: () => void = () => {};
  #inner = new EmbeddedVectorIndex();

  /** A restart that kept nothing. */
  lose(): void {
    this.#inner = new EmbeddedVectorIndex();
  }

  #check(): void {
    if (this.down) throw new BackendUnavailableError("switchable", "switched off");
  }
  async init() {
    this.inits++;
    this.#check();
  }
  async close() {}
  async ping() {
    this.#check();
  }
  async size() {
    this.#check();
    return this.#inner.size();
  }
  async upsert(item: VectorItem) {
    this.#check();
    if (this.gate) {
      this.reached();
      await this.gate;
    }
    this.upserts++;
    return this.#inner.upsert(item);
  }
  async remove(key: string) {
    this.#check();
    return this.#inner.remove(key);
  }
  async search(query: VectorQuery) {
    this.#check();
    return this.#inner.search(query);
  }
}

const ids = async (search: SearchService, query: string) => (await search.search({ query })).map((r) => r.id);

function setup() {
  const vectors = new SwitchableVectorIndex();
  const search = new SearchService(vectors, new HashingEmbedder());
  return { vectors, search };
}

describe("SearchService.syncVectors", () => {
  it("writes what failed while the index was down, and then is in step", async () => {
    const { vectors, search } = setup();
    await search.indexIssue(issue("up", "Payment webhook retries", "stripe webhook"));
    vectors.down = true;
    await expect(search.indexIssue(issue("down", "Kafka consumer lag", "lag grows"))).rejects.toThrow(
      /switched off/,
    );
    expect(search.vectorsBehind).toBe(true);
    await expect(search.syncVectors()).rejects.toThrow(/switched off/);

    vectors.down = false;
    expect(await search.syncVectors()).toEqual({ upserted: 1, removed: 0, full: false });
    expect(search.vectorsBehind).toBe(false);
    expect(await vectors.size()).toBe(2);
    expect((await ids(search, "kafka consumer lag"))[0]).toBe("down");
    expect(await search.syncVectors()).toEqual({ upserted: 0, removed: 0, full: false });
  });

  it("removes from the index what was deleted while it was down", async () => {
    const { vectors, search } = setup();
    await search.indexIssue(issue("a", "Kafka consumer lag", "lag grows"));
    await search.indexIssue(issue("b", "Nightly backup times out", "backup"));
    vectors.down = true;
    await expect(search.remove("issue", "a")).rejects.toThrow(/switched off/);
    vectors.down = false;
    // Gone from results at once (the in-memory side is updated first) ...
    expect(await ids(search, "kafka consumer lag")).not.toContain("a");
    expect(await vectors.size()).toBe(2);
    // ... and from the index at the next sync.
    expect(await search.syncVectors()).toEqual({ upserted: 0, removed: 1, full: false });
    expect(await vectors.size()).toBe(1);
  });

  it("rewrites every vector when the index lost items (a restart without persistence)", async () => {
    const { vectors, search } = setup();
    await search.indexIssue(issue("a", "Kafka consumer lag", "lag grows"));
    await search.indexIssue(issue("b", "Nightly backup times out", "backup"));
    vectors.lose();
    expect(await search.syncVectors()).toEqual({ upserted: 2, removed: 0, full: true });
    expect((await ids(search, "nightly backup"))[0]).toBe("b");
  });

  it("leaves documents being indexed to their indexing: a sync meanwhile embeds nothing twice", async () => {
    const { vectors, search } = setup();
    let open!: () => void;
    vectors.gate = new Promise((resolve) => {
      open = resolve;
    });
    const docs = ["alpha", "beta", "gamma"].map((name) => ({
      type: "code_file",
      id: `repo:${name}.ts`,
      title: `${name}.ts`,
      text: `export function ${name}Handler() {}`,
      fields: [[`${name} handler`, 1]] as [string, number][],
      embedText: `${name} handler`,
    }));
    const upserting = new Promise<void>((resolve) => {
      vectors.reached = resolve;
    });
    const indexing = search.indexDocuments(docs);
    await upserting;
    expect(search.vectorsBehind).toBe(true);
    expect(await search.syncVectors()).toEqual({ upserted: 0, removed: 0, full: false });
    open();
    await indexing;
    expect(vectors.upserts).toBe(3);
    expect(search.vectorsBehind).toBe(false);
    expect(await search.syncVectors()).toEqual({ upserted: 0, removed: 0, full: false });
  });

  it("indexAll with vectors: false fills only the in-memory side, and a sync writes the vectors", async () => {
    const { vectors, search } = setup();
    await search.indexAll([issue("a", "Kafka consumer lag", "lag grows")], [], { vectors: false });
    expect(await vectors.size()).toBe(0);
    expect(search.vectorsBehind).toBe(true);
    expect(await search.syncVectors()).toMatchObject({ upserted: 1 });
    expect((await ids(search, "kafka"))[0]).toBe("a");
  });
});

describe("VectorSync", () => {
  const log = () => {
    const lines: string[] = [];
    return {
      lines,
      info: (_: object, msg: string) => void lines.push(`info ${msg}`),
      warn: (_: object, msg: string) => void lines.push(`warn ${msg}`),
    };
  };

  it("initialises an index that failed at start, then syncs it; logs each outage once", async () => {
    const { vectors, search } = setup();
    await search.indexAll([issue("a", "Kafka consumer lag", "lag grows")], [], { vectors: false });
    vectors.down = true;
    const out = log();
    const sync = new VectorSync(search, vectors, { intervalMs: 60_000, initialised: false, log: out });
    await sync.check();
    await sync.check();
    expect(out.lines).toEqual(["warn vector index still unavailable; will retry"]);
    vectors.down = false;
    await sync.check();
    expect(vectors.inits).toBe(3);
    expect(out.lines[1]).toBe("info vector index back in step with the search service");
    expect((await ids(search, "kafka"))[0]).toBe("a");
    // Initialised once: later checks do not call init() again, and log nothing when in step.
    await sync.check();
    expect(vectors.inits).toBe(3);
    expect(out.lines).toHaveLength(2);
    await sync.stop();
  });

  it("runs by itself every intervalMs once started", async () => {
    const { vectors, search } = setup();
    await search.indexAll([issue("a", "Kafka consumer lag", "lag grows")], [], { vectors: false });
    const sync = new VectorSync(search, vectors, { intervalMs: 20, initialised: true, log: log() });
    sync.start();
    try {
      await eventually(() => expect(search.vectorsBehind).toBe(false), { timeoutMs: 5000, intervalMs: 10 });
    } finally {
      await sync.stop();
    }
    expect(await vectors.size()).toBe(1);
  });
});
