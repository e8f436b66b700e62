// What the last scan read and wrote (`manifest.cache/state.json`, small): per service root, the
// hash of every listed file and of every other file its scanners read, and the hash of the
// service's result; and the hashes of the manifest files written. A service whose inputs are all
// unchanged keeps its previous result without linking; when no service changed and the files on
// disk are the ones written, the scan is over after reading and hashing (issue 12: ≤ 0.5 s warm).

import { createHash } from "node:crypto";
import { existsSync, readFileSync, type Stats } from "node:fs";
import { fileURLToPath } from "node:url";
import { codeFileLines } from "./code-stamp.js";
import { readJsonFile, writeAtomically } from "./json-files.js";

const STATE_FORMAT = 1;

/** Hash of paths → content hash (null: the file does not exist). */
export type FileHashes = Record<string, string | null>;

export interface ServiceRecord {
  name: string;
  /** Every listed file of the tree (the file set itself is an input: link resolves imports by it). */
  inputs: FileHashes;
  /**
   * path → size, times and inode of a listed file when it was hashed: a file whose stamp is the
   * same is not read again. Only files last changed well before they were hashed get one, so a
   * write in the same clock tick as the hashing is never missed (git's "racy" files).
   */
  stamps: Record<string, string>;
  /** Files a scanner read beyond the listing (e.g. Spring's application.properties under an ignored folder). */
  reads: FileHashes;
  /** Hash of the service's entry in the manifest (see resultHash). */
  result: string;
  /**
   * The extractors (`scanner@version` keys, sorted) the root's cached facts were made with: with
   * the same ones, a file whose hash is as recorded has its facts in the cache.
   */
  factsKeys?: string[];
  /** What the scan reports of the service, shown again when the result is reused. */
  summary: ServiceSummary;
}

export interface ServiceSummary {
  /** Source files read by the scanners. */
  files: number;
  endpoints: number;
  dtos: number;
  types: number;
  frameworks: string[];
}

interface StateDocument {
  format: number;
  /** The scanning code the records were made with (see codeStamp). */
  code: string;
  services: Record<string, ServiceRecord>;
  /** The manifest files as last written or confirmed, and which targets they came from. */
  output?: { targets: string; json: string; md: string };
}

export const hashText = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

export function hashFile(path: string): string | null {
  try {
    return hashText(readFileSync(path));
  } catch {
    return null;
  }
}

/** The hash of a service's entry as the manifest holds it. */
export const resultHash = (service: unknown): string => hashText(JSON.stringify(service));

/**
 * The scanning code's identity: the size and modification time of every file of this folder and
 * of lib/code-graph (compiled or source). A rebuilt or upgraded e2e links every service again
 * instead of trusting results an older linker produced.
 */
export function codeStamp(): string {
  const dirs = [".", "../../../lib/code-graph/"].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));
  return hashText([String(STATE_FORMAT), ...codeFileLines(dirs)].join("\n"));
}

const sameHashes = (a: FileHashes, b: FileHashes): boolean => {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
};

const sameStamps = (a: Record<string, string> | undefined, b: Record<string, string>): boolean =>
  a !== undefined && sameHashes(a, b);

/** How long before its hashing a file must have last changed for its stamp to be trusted. */
const RACY_MS = 2000;

/** A file's stamp, or undefined when it changed too close to `now` to be trusted. */
export function stampOf(s: Stats, now: number): string | undefined {
  if (s.ctimeMs > now - RACY_MS || s.mtimeMs > now - RACY_MS) return undefined;
  return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
}

export class ScanState {
  #dirty = false;

  private constructor(
    private readonly path: string,
    private readonly doc: StateDocument,
    /** The records as read, by this code or an earlier one: what the facts files last got. */
    private readonly last: Record<string, ServiceRecord>,
  ) {}

  /**
   * Records made by other code, or an unreadable file, are ignored: every service is then scanned.
   * (Their file hashes still tell which cached facts match a file: see filesToParse.)
   */
  static open(path: string, code: string): ScanState {
    const read = readJsonFile<StateDocument>(
      path,
      (d) => d.format === STATE_FORMAT && typeof d.services === "object" && d.services !== null,
    );
    const doc: StateDocument = read?.code === code ? read : { format: STATE_FORMAT, code, services: {} };
    return new ScanState(path, doc, read?.services ?? {});
  }

  /**
   * The record of a service whose name, listed files and extra reads all hash as they did
   * (`rehash` hashes a path relative to the service root), else undefined.
   */
  unchanged(root: string, name: string, inputs: FileHashes, rehash: (path: string) => string | null) {
    const record = this.doc.services[root];
    if (!record || record.name !== name || !sameHashes(record.inputs, inputs)) return undefined;
    const readsSame = Object.entries(record.reads).every(([path, hash]) => rehash(path) === hash);
    return readsSame ? record : undefined;
  }

  /** The hash a listed file had when its stamp was taken, if the stamp is the same. */
  hashByStamp(root: string, path: string, stamp: string): string | undefined {
    const record = this.doc.services[root];
    return record?.stamps?.[path] === stamp ? (record.inputs[path] ?? undefined) : undefined;
  }

  /**
   * How many of `paths` have no cached facts for `factsKeys` by the root's last recorded scan (by
   * this code or an earlier one): every one without a record or when the extractors changed,
   * else those whose hash is not as recorded. Counted without reading the facts files.
   */
  filesToParse(
    root: string,
    paths: readonly string[],
    hashes: FileHashes,
    factsKeys: readonly string[],
  ): number {
    const last = this.last[root];
    if (!last?.factsKeys || last.factsKeys.join("\n") !== factsKeys.join("\n")) return paths.length;
    return paths.filter((path) => last.inputs[path] !== hashes[path]).length;
  }

  record(root: string, record: ServiceRecord): void {
    const before = this.doc.services[root];
    if (
      before &&
      before.name === record.name &&
      before.result === record.result &&
      before.factsKeys?.join("\n") === record.factsKeys?.join("\n") &&
      JSON.stringify(before.summary) === JSON.stringify(record.summary) &&
      sameHashes(before.inputs, record.inputs) &&
      sameStamps(before.stamps, record.stamps) &&
      sameHashes(before.reads, record.reads)
    )
      return;
    this.doc.services[root] = record;
    this.#dirty = true;
  }

  /** Whether the manifest files hash as last written, for the same list of targets. */
  outputIs(targets: string, json: string | null, md: string | null): boolean {
    const o = this.doc.output;
    return o !== undefined && o.targets === targets && o.json === json && o.md === md;
  }

  setOutput(targets: string, json: string | null, md: string | null): void {
    if (json === null || md === null) return;
    if (this.outputIs(targets, json, md)) return;
    this.doc.output = { targets, json, md };
    this.#dirty = true;
  }

  save(): void {
    if (!this.#dirty && existsSync(this.path)) return;
    writeAtomically(this.path, JSON.stringify(this.doc));
    this.#dirty = false;
  }
}
