// VectorIndex on Redis 8 vector sets (the built-in vectorset module: VADD, VSIM, VREM). One
// vector set holds every item; the element name is the item key and its JSON attributes carry
// {type, id, title, text}, so a type restriction is a VSIM FILTER and hits need no second store;
// a search is one round trip (a Lua script: VSIM, then VGETATTR per hit).
// Vectors are stored unquantised (NOQUANT): the default int8 quantisation costs recall.
// Every command has a bounded timeout and the offline queue is off, so a Redis that is down
// fails fast with BackendUnavailableError (503) instead of hanging the request.
import { Redis, type RedisOptions } from "ioredis";
import { BackendUnavailableError } from "../../ports/errors.js";
import type { VectorHit, VectorIndex, VectorItem, VectorQuery } from "../../ports/vector-index.js";
import { cosineFromScore, fp32Blob, redactUrl, typeFilter } from "./filter.js";
import { SEARCH_SCRIPT, SEARCH_SCRIPT_SHA } from "./search-script.js";

export interface RedisVectorIndexOptions {
  /** redis://[user:password@]host:port[/db] */
  url: string;
  /** Name of the vector set. @default "gantry:vectors" */
  key?: string;
  /** Per-command deadline in ms. @default 2000 */
  commandTimeoutMs?: number;
  /** Connect deadline in ms. @default 2000 */
  connectTimeoutMs?: number;
  /** HNSW exploration factor for queries; higher = better recall, slower. @default 200 */
  searchEf?: number;
}

/** VADDs per pipeline: an HNSW insert of a 512-dimension vector takes ~1-5 ms in Redis. */
const PIPELINE_SIZE = 64;

interface Attributes {
  type: string;
  id: string;
  title: string;
  text: string;
}

export class RedisVectorIndex implements VectorIndex {
  readonly backend = "redis";
  readonly #client: Redis;
  /** A second connection for bulk writes, so pings and searches never wait behind a resync. */
  #bulk: Redis | undefined;
  readonly #key: string;
  readonly #where: string;
  readonly #searchEf: number;

  constructor(options: RedisVectorIndexOptions) {
    this.#key = options.key ?? "gantry:vectors";
    this.#where = redactUrl(options.url);
    this.#searchEf = options.searchEf ?? 200;
    const clientOptions: RedisOptions = {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 2000,
      connectTimeout: options.connectTimeoutMs ?? 2000,
      // Keep reconnecting in the background (capped back-off) so the service recovers by itself.
      retryStrategy: (times) => Math.min(times * 200, 2000),
    };
    this.#client = new Redis(options.url, clientOptions);
    // Connection errors surface through the failed commands; an unhandled 'error' event would crash.
    this.#client.on("error", () => {});
  }

  /** Connects and checks for vector sets. May be called again after a failure (VectorSync does). */
  async init(): Promise<void> {
    // After a failed first connect the client keeps reconnecting by itself ("reconnecting"); a
    // second connect() would be refused, so only a client that never started or gave up connects.
    if (this.#client.status === "wait" || this.#client.status === "end") {
      try {
        await this.#client.connect();
      } catch (error) {
        throw this.#unavailable(error);
      }
    }
    const info = await this.#run(() => this.#client.call("COMMAND", ["INFO", "VADD"]));
    if (!Array.isArray(info) || info[0] === null) {
      throw new Error(
        `Redis at ${this.#where} has no vector sets (VADD is unknown): Redis 8 or later is required`,
      );
    }
  }

  async close(): Promise<void> {
    this.#client.disconnect();
    this.#bulk?.disconnect();
  }

  async ping(): Promise<void> {
    await this.#run(() => this.#client.ping());
  }

  async upsert(item: VectorItem): Promise<void> {
    await this.#run(() => this.#client.call("VADD", this.#vaddArgs(item)));
  }

  /**
   * Pipelined writes on a connection of their own: a start-up resync of 20,000 items costs a few
   * hundred round trips, not 20,000, and /health's PING and searches do not queue behind it.
   * Pipelines are kept short (PIPELINE_SIZE) so each command answers within its timeout.
   */
  async upsertMany(items: VectorItem[]): Promise<void> {
    if (items.length === 0) return;
    const client = await this.#bulkClient();
    for (let i = 0; i < items.length; i += PIPELINE_SIZE) {
      const pipeline = client.pipeline();
      for (const item of items.slice(i, i + PIPELINE_SIZE)) pipeline.call("VADD", this.#vaddArgs(item));
      const replies = await this.#run(() => pipeline.exec());
      for (const [error] of replies ?? []) if (error) throw this.#classify(error);
    }
  }

  async #bulkClient(): Promise<Redis> {
    if (!this.#bulk) {
      this.#bulk = this.#client.duplicate();
      this.#bulk.on("error", () => {});
    }
    if (this.#bulk.status === "wait" || this.#bulk.status === "end") {
      await this.#bulk.connect().catch((error: unknown) => {
        throw this.#unavailable(error);
      });
    }
    return this.#bulk;
  }

  #vaddArgs(item: VectorItem): (string | Buffer)[] {
    const attributes: Attributes = { type: item.type, id: item.id, title: item.title, text: item.text };
    return [
      this.#key,
      "FP32",
      fp32Blob(item.vector),
      item.key,
      "NOQUANT",
      // CAS: the slow neighbour-candidate search runs on a Redis worker thread.
      "CAS",
      "SETATTR",
      JSON.stringify(attributes),
    ];
  }

  async remove(key: string): Promise<void> {
    await this.#run(() => this.#client.call("VREM", [this.#key, key]));
  }

  async size(): Promise<number> {
    return Number(await this.#run(() => this.#client.call("VCARD", [this.#key])));
  }

  async search(query: VectorQuery): Promise<VectorHit[]> {
    if (!Number.isInteger(query.limit) || query.limit < 1) {
      throw new RangeError(`limit must be a positive integer, got ${query.limit}`);
    }
    if (query.types?.length === 0) return [];
    const ef = Math.max(this.#searchEf, query.limit);
    const filter = query.types ? typeFilter(query.types) : "";
    // One round trip: the script runs VSIM and fetches each hit's attributes (see search-script.ts).
    const reply = (await this.#run(() =>
      this.#client
        .call("EVALSHA", [SEARCH_SCRIPT_SHA, 1, this.#key, fp32Blob(query.vector), query.limit, ef, filter])
        .catch((error: unknown) => {
          if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
          return this.#client.call("EVAL", [
            SEARCH_SCRIPT,
            1,
            this.#key,
            fp32Blob(query.vector),
            query.limit,
            ef,
            filter,
          ]);
        }),
    )) as (string | null)[];
    const hits: VectorHit[] = [];
    for (let i = 0; i < reply.length; i += 3) {
      const attributes = reply[i + 2];
      // An element without attributes was not written by this adapter; skip it.
      if (typeof attributes !== "string") continue;
      const { type, id, title, text } = JSON.parse(attributes) as Attributes;
      hits.push({ key: reply[i]!, type, id, title, text, score: cosineFromScore(Number(reply[i + 1])) });
    }
    return hits;
  }

  async #run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw this.#classify(error);
    }
  }

  // A reply error (wrong dimension, syntax) is a bug or bad input and stays as it is; anything
  // else (refused, reset, timed out, not writable) means the backend is unavailable.
  #classify(error: unknown): Error {
    if (error instanceof Error && error.name === "ReplyError") {
      return new Error(`Redis rejected a vector-set command: ${error.message}`, { cause: error });
    }
    return this.#unavailable(error);
  }

  #unavailable(error: unknown): BackendUnavailableError {
    const reason = error instanceof Error ? error.message : String(error);
    return new BackendUnavailableError("redis", `Redis at ${this.#where} is unavailable: ${reason}`, {
      cause: error,
    });
  }
}
