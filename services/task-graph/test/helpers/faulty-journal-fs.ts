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

  const wrap = (file: JournalFile): JournalFile => ({
    async write(data) {
      if (writeCode) {
        injected++;
        throw errnoError(writeCode, "write");
      }
      return file.write(data.length > maxWrite ? data.subarray(0, maxWrite) : data);
    },
    async datasync() {
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
