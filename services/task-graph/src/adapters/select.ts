// Chooses the adapters from the environment. Each real backend is opt-in by one variable, so a
// bare machine runs everything embedded:
//   NEO4J_URI       → Neo4j graph store          else the embedded graph store in DATA_DIR
//   REDIS_URL       → Redis 8 vector sets         else the embedded exact vector index
//   EMBEDDINGS_URL  → OpenAI-compatible endpoint  else a local embedder: pre-trained word vectors
//                                                 (LOCAL_EMBEDDER=words, the default) or feature
//                                                 hashing (LOCAL_EMBEDDER=hashing)
// The adapters are constructed, not connected: the caller runs init() on graph and vectors.
// Neo4j's driver and ioredis are imported only when configured: they are 40 % of the service's
// bundle, which a bare start would otherwise parse and evaluate before it listens.
// Every variable is listed with its default in services/task-graph/README.md.
import {
  EmbedderConfigError,
  selectEmbedder as sharedSelectEmbedder,
} from "../../../../lib/embedding/index.js";
import { envInteger, envValue } from "../../../../lib/env/index.js";
import type { Embedder } from "../ports/embedder.js";
import { EVENTS_RETAINED } from "../ports/event-store.js";
import type { GraphStore } from "../ports/graph-store.js";
import type { VectorIndex } from "../ports/vector-index.js";
import { EmbeddedGraphStore } from "./embedded-graph/index.js";
import { EmbeddedVectorIndex } from "./embedded-vector/index.js";
import { embeddingsUnavailable } from "./http-embedder/index.js";

export interface Adapters {
  graph: GraphStore;
  vectors: VectorIndex;
  embedder: Embedder;
}

/** A configuration problem; the message names the variable and what it accepts. */
export class AdapterConfigError extends Error {
  readonly code = "ADAPTER_CONFIG_ERROR";
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = "AdapterConfigError";
  }
}

export async function selectAdapters(env: NodeJS.ProcessEnv): Promise<Adapters> {
  const embedder = selectEmbedder(env);
  return { graph: await selectGraph(env), vectors: await selectVectors(env, embedder), embedder };
}

export async function selectGraph(env: NodeJS.ProcessEnv): Promise<GraphStore> {
  const uri = value(env, "NEO4J_URI");
  // The window of events Last-Event-ID resumes from (SPEC §2c), either store.
  const eventsRetained = integer(env, "EVENTS_RETAINED", EVENTS_RETAINED);
  if (!uri) {
    const dataDir = value(env, "DATA_DIR");
    const repair = value(env, "JOURNAL_REPAIR");
    if (repair !== undefined && repair !== "truncate") {
      throw new AdapterConfigError(
        "JOURNAL_REPAIR",
        `JOURNAL_REPAIR must be "truncate" (cut a damaged journal at the damaged line, keeping a backup), got "${repair}"`,
      );
    }
    return new EmbeddedGraphStore({
      ...(dataDir ? { dataDir } : {}),
      ...(repair ? { repair } : {}),
      eventsRetained,
    });
  }
  if (!/^(neo4j|bolt)(\+s|\+ssc)?:\/\/./.test(uri)) {
    throw new AdapterConfigError("NEO4J_URI", `NEO4J_URI must be a neo4j:// or bolt:// URI, got "${uri}"`);
  }
  const queryTimeoutMs = integer(env, "NEO4J_QUERY_TIMEOUT_MS", 5000);
  const { Neo4jGraphStore } = await import("./neo4j-graph/index.js");
  return new Neo4jGraphStore({
    uri,
    user: value(env, "NEO4J_USER") ?? "neo4j",
    password: value(env, "NEO4J_PASSWORD") ?? "",
    database: value(env, "NEO4J_DATABASE"),
    queryTimeoutMs,
    eventsRetained,
  });
}

export async function selectVectors(env: NodeJS.ProcessEnv, embedder: Embedder): Promise<VectorIndex> {
  const url = value(env, "REDIS_URL");
  if (!url) return new EmbeddedVectorIndex();
  if (!/^rediss?:\/\/./.test(url)) {
    throw new AdapterConfigError("REDIS_URL", "REDIS_URL must be a redis:// or rediss:// URL");
  }
  const commandTimeoutMs = integer(env, "REDIS_COMMAND_TIMEOUT_MS", 2000);
  const { RedisVectorIndex } = await import("./redis-vector/index.js");
  return new RedisVectorIndex({
    url,
    // One vector set per embedder (and dimension), so switching never mixes vector lengths in one set.
    key:
      value(env, "REDIS_VECTOR_KEY") ??
      `gantry:vectors:${embedder.name}${embedder.dimension ? `:${embedder.dimension}` : ""}`,
    commandTimeoutMs,
  });
}

/** lib/embedding's choice (the same as `e2e search`), with an HTTP endpoint that does not answer as a 503. */
export function selectEmbedder(env: NodeJS.ProcessEnv): Embedder {
  try {
    return sharedSelectEmbedder(env, { unavailable: embeddingsUnavailable });
  } catch (error) {
    if (error instanceof EmbedderConfigError) throw new AdapterConfigError(error.variable, error.message);
    throw error;
  }
}

const value = envValue;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return envInteger(env, name, fallback, (variable, message) => new AdapterConfigError(variable, message));
}
