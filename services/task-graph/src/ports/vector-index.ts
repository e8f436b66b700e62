// Nearest-neighbour search over embedded items. Adapters: embedded exact cosine (default) and
// Redis 8 vector sets (REDIS_URL). Items are issues and components now, code files and symbols
// once the code graph exists: `type` is open-ended on purpose.

export interface VectorItem {
  /** Unique across types, e.g. "issue:<uuid>". */
  key: string;
  type: string;
  id: string;
  title: string;
  /** Text the snippet is cut from. */
  text: string;
  vector: Float32Array;
}

export interface VectorQuery {
  vector: Float32Array;
  limit: number;
  /** Only these types, when given. */
  types?: string[];
}

export interface VectorHit {
  key: string;
  type: string;
  id: string;
  title: string;
  text: string;
  /** Cosine similarity in [-1, 1]. */
  score: number;
}

export interface VectorIndex {
  readonly backend: string;
  init(): Promise<void>;
  close(): Promise<void>;
  ping(): Promise<void>;
  upsert(item: VectorItem): Promise<void>;
  /** Makes room for `items` items in one step where the index allocates memory (start-up). */
  reserve?(items: number): Promise<void>;
  /** Writes many items in one exchange where the backend can (a pipeline); else one by one. */
  upsertMany?(items: VectorItem[]): Promise<void>;
  remove(key: string): Promise<void>;
  search(query: VectorQuery): Promise<VectorHit[]>;
  size(): Promise<number>;
}
