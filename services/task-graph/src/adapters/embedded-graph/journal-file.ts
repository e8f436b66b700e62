// The few file operations the journal needs, behind one small interface: the real one is a
// node:fs FileHandle opened for appending; tests pass their own to inject the failures a real
// disk rarely shows on demand (EIO on fdatasync, short writes).
import { type FileHandle, open, rm } from "node:fs/promises";

export interface JournalFile {
  /** Appends `data` at the end of the file; may write fewer bytes than given (a short write). */
  write(data: Uint8Array): Promise<number>;
  datasync(): Promise<void>;
  /** Cuts the file to `length` bytes (used to drop a batch that failed half-way). */
  truncate(length: number): Promise<void>;
  size(): Promise<number>;
  close(): Promise<void>;
}

export interface JournalFs {
  /** Opens (creating if needed) a file for appending. */
  openAppend(path: string): Promise<JournalFile>;
  remove(path: string): Promise<void>;
}

class NodeJournalFile implements JournalFile {
  constructor(private readonly fh: FileHandle) {}

  async write(data: Uint8Array): Promise<number> {
    const { bytesWritten } = await this.fh.write(data, 0, data.length, null);
    return bytesWritten;
  }

  datasync(): Promise<void> {
    return this.fh.datasync();
  }

  truncate(length: number): Promise<void> {
    return this.fh.truncate(length);
  }

  async size(): Promise<number> {
    return (await this.fh.stat()).size;
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}

export const nodeJournalFs: JournalFs = {
  async openAppend(path) {
    return new NodeJournalFile(await open(path, "a"));
  },
  remove(path) {
    return rm(path, { force: true });
  },
};
