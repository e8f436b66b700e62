// Wires the task-graph service: adapters (bound by deadlines) → domain services → routes.
import { WordVectorEmbedder } from "../../../lib/embedding/index.js";
import { rankWeights, WordNetExpander } from "../../../lib/search/index.js";
import { createServiceApp, type ServiceApp } from "../../../lib/service-kit/index.js";
import { SocketWriter } from "../../../lib/socket-writer/index.js";
import {
  DeadlineEmbedder,
  DeadlineGraphStore,
  Deadlines,
  DeadlineVectorIndex,
} from "./adapters/deadline/index.js";
import { readConfig, type TaskGraphConfig } from "./config.js";
import { ClaimService } from "./domain/claims.js";
import { ThreadedExtractor } from "./domain/code/code-extractor.js";
import { CodeQueries } from "./domain/code/code-queries.js";
import { CodeSearchIndexer, SEARCH_TYPES } from "./domain/code/code-search.js";
import { CodeWorkspace } from "./domain/code/code-workspace.js";
import { FolderPolicy } from "./domain/code/folder-policy.js";
import { ComponentService } from "./domain/components.js";
import { AgentContextService } from "./domain/context/agent-context.js";
import type { DomainContext } from "./domain/context.js";
import { DependencyService } from "./domain/dependencies.js";
import { ActivityService } from "./domain/events/activity.js";
import { EventFeed } from "./domain/events/event-feed.js";
import { allComponents } from "./domain/graph/projects.js";
import { ImpactAnalysis } from "./domain/impact/impact-analysis.js";
import { IssueService } from "./domain/issues.js";
import { noteDocument } from "./domain/notes/note-document.js";
import { NoteService } from "./domain/notes/note-service.js";
import { RootCauseAnalysis } from "./domain/root-cause/root-cause-analysis.js";
import { FITTED_SEARCH, SearchService } from "./domain/search/index.js";
import { SearchIndexCache } from "./domain/search/index-cache.js";
import { VectorSync } from "./domain/search/vector-sync.js";
import { BestEffortIndexer } from "./domain/search-indexer.js";
import { WriteLock } from "./domain/write-lock.js";
import { readEventsConfig } from "./events-config.js";
import type { Embedder } from "./ports/embedder.js";
import type { GraphStore } from "./ports/graph-store.js";
import type { VectorIndex } from "./ports/vector-index.js";
import { agentContextRoutes } from "./routes/agent-context.js";
import { analyzeRoutes } from "./routes/analyze.js";
import { requireApiKey } from "./routes/api-key.js";
import { boardRoutes } from "./routes/board.js";
import { claimRoutes } from "./routes/claims.js";
import { codeRoutes } from "./routes/code.js";
import { codeQueryRoutes } from "./routes/code-queries.js";
import { componentRoutes } from "./routes/components.js";
import { dependencyRoutes } from "./routes/dependencies.js";
import { translateTaskGraphError } from "./routes/errors.js";
import { sseFrame } from "./routes/event-view.js";
import { eventRoutes } from "./routes/events.js";
import { healthRoutes } from "./routes/health.js";
import { issueRoutes } from "./routes/issues.js";
import { mcpRoutes } from "./routes/mcp/index.js";
import { noteRoutes } from "./routes/notes.js";
import { ragRoutes } from "./routes/rag.js";
import { limitRate } from "./routes/rate-limit.js";
import { refuseMalformedText } from "./routes/text-guard.js";
import { VERSION } from "./version.js";
import { wholeGraphRoutes, wholeGraphServices } from "./whole-graph.js";

/** 256 KiB: 20,000 characters escaped as \uXXXX surrogate pairs are 240,000 bytes. */
const BODY_LIMIT = 256 * 1024;
/** A changed search index cache is written in the background after indexing is quiet this long. */
const CACHE_SAVE_EVERY_MS = 60_000;

export interface Adapters {
  graph: GraphStore;
  vectors: VectorIndex;
  embedder: Embedder;
}

export interface TaskGraphAppOptions {
  adapters: Adapters;
  env?: NodeJS.ProcessEnv;
  /** false silences request logs (tests, benchmarks). @default true */
  logger?: boolean;
  /** The clock, swappable for tests of time-based rules. @default () => new Date() */
  now?: () => Date;
  /** The code parser's worker module, when not lib/code-graph's own (a bundle ships it beside itself). */
  codeWorker?: URL;
  /** The event streams' writer process module, when not lib/socket-writer's own (likewise). */
  streamWriter?: URL;
  /** Told when code indexing starts and ends (server.ts: V8 compaction is off meanwhile). */
  onCodeWork?: (working: boolean) => void;
}

/** Initialises the adapters, rebuilds the search index and returns the app (not listening). */
export async function buildTaskGraphApp(opts: TaskGraphAppOptions): Promise<ServiceApp> {
  const env = opts.env ?? process.env;
  const config: TaskGraphConfig = readConfig(env);
  const eventsConfig = readEventsConfig(env);
  const now = opts.now ?? (() => new Date());
  const app = await createServiceApp({
    name: "task-graph",
    version: VERSION,
    description: "Issues, their dependency graph, impact and root-cause analysis, RAG search.",
    env,
    // SPEC "Common": a 20,000-character description must fit even with every character escaped.
    bodyLimit: BODY_LIMIT,
    // What the domain refuses gets its status from the one table in routes/errors.ts.
    translateError: translateTaskGraphError,
    ...(opts.logger === false ? { logger: false } : {}),
  });
  // Text that cannot be stored faithfully (NUL, lone surrogates) is refused for every field.
  app.addHook("preValidation", refuseMalformedText);
  const { graph, vectors, embedder } = opts.adapters;
  // The graph is the record of truth: if it cannot open (e.g. a corrupt journal), do not start.
  await graph.init();
  for (const note of graph.startupNotes ?? []) app.log.warn({ backend: graph.backend }, note);
  // The vector index only serves search: start degraded (503 on search, /health says so) rather
  // than not at all, and let the adapter reconnect by itself.
  const vectorsReady = await vectors.init().then(
    () => true,
    (err: unknown) => {
      app.log.warn(
        { err, backend: vectors.backend },
        "vector index unavailable at start; search answers 503",
      );
      return false;
    },
  );
  app.addHook("onClose", async () => {
    await Promise.allSettled([graph.close(), vectors.close()]);
  });

  const log = app.log;
  // The domain reaches every backend through a deadline (this app's own ticker).
  const deadlines = new Deadlines(config.backendTimeoutMs, log);
  app.addHook("onClose", async () => deadlines.stop());
  const store = new DeadlineGraphStore(graph, deadlines);
  const guardedEmbedder = new DeadlineEmbedder(embedder, deadlines);
  const guardedVectors = new DeadlineVectorIndex(vectors, deadlines);
  // What is slow to rebuild (terms and vectors of every document) is kept in DATA_DIR between runs.
  const dataDir = env.DATA_DIR?.trim();
  let cache: SearchIndexCache | undefined;
  // WordNet synonyms widen the lexical query; the table is read at the first search, not here.
  // Soft matching by word vectors always; the fusion weights fitted with the word-vector embedder
  // (domain/search/fusion.ts) apply with it (a remote model's cosine keeps the default share).
  const search = new SearchService(guardedVectors, guardedEmbedder, {
    expanders: [new WordNetExpander()],
    ...(embedder instanceof WordVectorEmbedder ? FITTED_SEARCH : rankWeights(false)),
  });
  // The search index is built after listening (SPEC §2: start-up <= 2 s; issue reads never need
  // it): search and root-cause requests wait for it, /health says "resyncing" meanwhile. It indexes
  // the records as they are now; a write arriving meanwhile is indexed after it. The embedded
  // vector index is filled by the build (from the cache, it is quick); a remote one (Redis) by
  // VectorSync afterwards, pipelined.
  const vectorsNow = vectorsReady && vectors.backend === "embedded";
  const records = { issues: await graph.allIssues(), components: await allComponents(graph) };
  // Notes are searchable too (SPEC §2c): indexed after the build, before any search is answered.
  const storedNotes = await graph.allNotes();
  const build = async () => {
    cache = dataDir && embedder.dimension > 0 ? await openSearchCache(dataDir, embedder, log) : undefined;
    if (cache) search.useCache(cache);
    await search
      .indexAll(records.issues, records.components, { vectors: vectorsNow })
      .catch((err: unknown) => {
        app.log.warn(
          { err },
          "writing the search vectors failed; they are written again when the backend answers",
        );
      });
  };
  // Whatever the vector index missed (down at start, a failed write, a restart that lost it) is
  // written again once it answers.
  const vectorSync = new VectorSync(search, guardedVectors, {
    intervalMs: config.vectorSyncMs,
    initialised: vectorsReady,
    log: app.log,
  });
  vectorSync.start();
  // Saves run one after another (the one after start-up and the one at shutdown share a tmp file).
  let saving: Promise<void> = Promise.resolve();
  const saveCache = () => {
    saving = saving.then(async () => {
      await search.ready();
      if (!cache?.dirty) return;
      const saved = await search.saveCache().catch((err: unknown) => {
        log.warn({ err }, "could not write the search index cache; the next start rebuilds what it lacks");
        return 0;
      });
      if (saved) log.info({ entries: saved, file: cache.path }, "search index cache written");
    });
    return saving;
  };
  // Once ready (listening follows at once): build, let the graph store finish its start, catch up
  // the vectors, then keep what start-up had to compute for the next one.
  app.addHook("onReady", async () => {
    const building = search.buildInBackground(build);
    // Waits for the build like every search does, and was asked first: the notes are in before
    // the first search that waited for the build is answered.
    if (storedNotes.length) {
      indexer.trackNotes(storedNotes);
      void search.indexDocuments(storedNotes.map(noteDocument)).catch((err: unknown) => {
        log.warn({ err }, "indexing the notes for search failed");
      });
    }
    void building
      .catch((err: unknown) => {
        log.warn({ err }, "building the search index failed; search answers from what it has");
      })
      .then(() => graph.afterStart?.())
      .then(() => (search.vectorsBehind && vectorsReady ? vectorSync.check() : undefined))
      .then(() => saveCache());
  });
  // Written in the background too, once indexing has been quiet for a while (a large upload comes
  // as many requests), so that a stop after it has little or nothing left to write (5 s in all).
  const cacheSaver = setInterval(() => {
    if (cache?.dirty && search.quietForMs >= CACHE_SAVE_EVERY_MS) void saveCache();
  }, CACHE_SAVE_EVERY_MS / 4);
  cacheSaver.unref();
  app.addHook("onClose", async () => {
    clearInterval(cacheSaver);
    await vectorSync.stop();
    await saveCache();
  });

  const indexer = new BestEffortIndexer(search, config.backendTimeoutMs, log);
  const ctx: DomainContext = {
    store,
    lock: new WriteLock(graph.writeVisibility),
    indexer,
    now,
  };

  // Durable changes as a stream (SPEC §2c); the streams end before the server waits for its requests.
  const feed = new EventFeed(store, {
    render: sseFrame,
    renderReset: (info) =>
      `id: ${info.last}\nevent: reset\ndata: ${JSON.stringify({ id: info.last, type: "reset", ...info })}\n\n`,
    renderOpen: (last) => `: stream open; last event id ${last}\n\n`,
    heartbeat: ": keep-alive\n\n",
    heartbeatMs: eventsConfig.heartbeatMs,
    maxBufferedBytes: eventsConfig.subscriberBufferBytes,
    flushMs: eventsConfig.flushMs,
    onCutOff: (info) => log.warn(info, "event subscriber cut off"),
  });
  feed.start();
  app.addHook("preClose", async () => feed.close());
  // The streams' sends, off this loop (lib/socket-writer); it stops once the streams have ended.
  const streamWriter =
    eventsConfig.writer === "process"
      ? new SocketWriter({
          ...(opts.streamWriter ? { module: opts.streamWriter } : {}),
          niceness: eventsConfig.writerNiceness,
          onExit: (info) => log.warn(info, "event stream writer exited; its streams were closed"),
        })
      : null;
  app.addHook("onClose", async () => streamWriter?.close());

  // Code repositories (SPEC §4): CODE_ROOTS are registered now and indexed in the background.
  // Folders only where allowed, parsing on worker threads within a budget, quotas (issue 25).
  const code = new CodeWorkspace(store, new CodeSearchIndexer(search), now, log, {
    policy: new FolderPolicy({ registerRoots: config.codeRegisterRoots, dataDir: config.dataDir }),
    limits: config.codeLimits,
    events: store,
    ...(opts.onCodeWork ? { onWork: opts.onCodeWork } : {}),
    extractor: new ThreadedExtractor({
      budgetMs: config.codeLimits.parseBudgetMs,
      ...(opts.codeWorker ? { module: opts.codeWorker } : {}),
    }),
  });
  app.addHook("onClose", async () => code.close());
  app.addHook("onReady", async () => {
    for (const root of config.codeRoots) {
      await code.addFolder(root.name, root.path, { source: "code-root" }).catch((err: unknown) => {
        log.warn({ err, repo: root.name, path: root.path }, "CODE_ROOTS entry not indexed");
      });
    }
    await code.restoreFolders(new Set(config.codeRoots.map((r) => r.name))).catch((err: unknown) => {
      log.warn({ err }, "registered code folders not restored");
    });
    await code.restoreUploads().catch((err: unknown) => {
      log.warn({ err }, "uploaded code repositories not restored");
    });
  });

  if (config.apiKey) requireApiKey(app, config.apiKey);
  if (config.rateLimitPerMinute !== null) {
    limitRate(app, { perMinute: config.rateLimitPerMinute, perApiKey: config.apiKey !== null });
  }
  await app.register(healthRoutes, {
    version: VERSION,
    graph,
    vectors,
    timeoutMs: config.healthTimeoutMs,
    now,
    vectorsResyncing: () => search.vectorsBehind,
    code: () => code.counts(),
  });
  const prefix = "/api/v1";
  const issues = new IssueService(ctx);
  const agentContext = new AgentContextService(ctx, code, search);
  const claims = new ClaimService(ctx);
  const impact = new ImpactAnalysis(ctx);
  const rootCause = new RootCauseAnalysis(ctx, guardedEmbedder, guardedVectors, search);
  await app.register(issueRoutes, { prefix, issues });
  await app.register(claimRoutes, { prefix, claims });
  const dependencies = new DependencyService(ctx);
  await app.register(dependencyRoutes, { prefix, dependencies });
  await app.register(componentRoutes, { prefix, components: new ComponentService(ctx) });
  await app.register(analyzeRoutes, { prefix, impact, rootCause });
  const searchTypes = [...SEARCH_TYPES, "note"];
  const notes = new NoteService(ctx);
  await app.register(ragRoutes, {
    prefix,
    search,
    types: searchTypes,
    noteIssue: (id) => indexer.issueOfNote(id),
  });
  const codeQueries = new CodeQueries(code);
  const wholeGraph = wholeGraphServices(ctx, env);
  // The same services behind the tools of POST /mcp (SPEC §4, §2c).
  await app.register(mcpRoutes, {
    issues,
    claims,
    dependencies,
    wholeGraph,
    codeQueries,
    impact,
    rootCause,
    search,
    searchTypes,
    agentContext,
    notes,
    noteIssue: (id) => indexer.issueOfNote(id),
  });
  await app.register(codeRoutes, { prefix, code });
  await app.register(codeQueryRoutes, { prefix, queries: codeQueries });
  await app.register(agentContextRoutes, { prefix, context: agentContext });
  await app.register(eventRoutes, { prefix, feed, activity: new ActivityService(ctx), writer: streamWriter });
  await app.register(noteRoutes, { prefix, notes });
  await app.register(wholeGraphRoutes, { prefix, services: wholeGraph });
  await app.register(boardRoutes, { dir: env.TASK_GRAPH_BOARD_DIR });
  return app;
}

async function openSearchCache(
  dataDir: string,
  embedder: Embedder,
  log: { info(o: object, m: string): void; warn(o: object, m: string): void },
): Promise<SearchIndexCache | undefined> {
  try {
    const { cache, report } = await SearchIndexCache.forDataDir(dataDir, embedder);
    log.info({ file: cache.path, ...report }, "search index cache");
    return cache;
  } catch (err) {
    log.warn({ err }, "search index cache unavailable; the search index is rebuilt");
    return undefined;
  }
}
