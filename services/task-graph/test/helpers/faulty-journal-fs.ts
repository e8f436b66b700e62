// The journal's real file system with failures injected on demand, through the journal's own
// seam (JournalFs): the cases a tiny tmpfs cannot produce, such as EIO from fdatasync or a
// write that stops short.
import type { JournalFile, JournalFs } from "../../src/adapters/embedded-graph/journal-file.js";
import { nodeJournalFs } from "../../src/adapters/embedded-graph/journal-file.js";

export interface FaultyJournalFs extends JournalFs {
  /** The next `count` fdatasync calls fail with `code` (e.g. EIO). */
  failDatasync(code: string, count?: number): void;
  /** Every write fails with `code` (e.g. ENOSPC) until heal(). */
  failWrites(code: string): void;
  /** Each write writes at most `bytes` bytes (short writes) until heal(). */
  shortWrites(bytes: number): void;
  /**
   * The next fdatasync waits until the returned `release` is called, then fails with `code` or,
   * without one, syncs; `reached` resolves once a write is held there (the middle of a write).
   */
  holdDatasync(): { reached: Promise<void>; release(code?: string): void };
  heal(): void;
  /** Calls that failed on purpose so far. */
  readonly injected: number;
}

function errnoError(code: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected failure, ${syscall}`), { code, syscall });
}

export function faultyJournalFs(): FaultyJournalFs {
  let datasyncFailures = 0;
  let datasyncCode = "EIO";
  let writeCode: string | null = null;
  let maxWrite = Number.POSITIVE_INFINITY;
  let injected = 0;
  let hold: { arrive(): void; released: Promise<string | undefined> } | null = null;

  const wrap = (file: JournalFile): JournalFile => ({
    async write(data) {
      if (writeCode) {
        injected++;
        throw errnoError(writeCode, "write");
      }
      return file.write(data.length > maxWrite ? data.subarray(0, maxWrite) : data);
    },
    async datasync() {
      if (hold) {
        const held = hold;
        hold = null;
        held.arrive();
        const code = await held.released;
        if (code) {
          injected++;
          throw errnoError(code, "fdatasync");
        }
      }
      if (datasyncFailures > 0) {
        datasyncFailures--;
        injected++;
        throw errnoError(datasyncCode, "fdatasync");
      }
      return file.datasync();
    },
    truncate: (length) => file.truncate(length),
    size: () => file.size(),
    close: () => file.close(),
  });

  return {
    async openAppend(path) {
      return wrap(await nodeJournalFs.openAppend(path));
    },
    remove: (path) => nodeJournalFs.remove(path),
    failDatasync(code, count = 1) {
      datasyncCode = code;
      datasyncFailures = count;
    },
    holdDatasync() {
      let arrive = () => {};
      let release: (code?: string) => void = () => {};
      const reached = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<string | undefined>((resolve) => {
        release = resolve;
      });
      hold = { arrive, released };
      return { reached, release };
    },
    failWrites(code) {
      writeCode = code;
    },
    shortWrites(bytes) {
      maxWrite = bytes;
    },
    heal() {
      datasyncFailures = 0;
      writeCode = null;
      maxWrite = Number.POSITIVE_INFINITY;
    },
    get injected() {
      return injected;
    },
  };
}
