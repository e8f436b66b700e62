// One image build, told in one line: the builder's whole output goes to a file under
// <rootDir>/.cache/e2e/image-builds/<service>.log (rewritten by each build), and the run's log gets
// a single line when the build ends, with its time and that file's path. A failed build's error
// names the file too. Build time is then read apart from the modules' time.
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { join, relative } from "node:path";

export class ImageBuildLog {
  readonly startedAt = new Date();
  private readonly out: WriteStream;
  /** The log file, relative to the project's root (as the line shows it). */
  readonly shownPath: string;

  constructor(rootDir: string, service: string) {
    const dir = join(rootDir, ".cache/e2e/image-builds");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${service}.log`);
    this.shownPath = relative(rootDir, file);
    this.out = createWriteStream(file);
  }

  /** Appends one line of the build's output. */
  readonly line = (text: string): void => {
    this.out.write(`${text}\n`);
  };

  /** Seconds since the build started, one decimal. */
  seconds(): string {
    return ((Date.now() - this.startedAt.getTime()) / 1000).toFixed(1);
  }

  /** The error with the log's path added to its message (the file holds every line of the build). */
  failed(error: unknown): Error {
    const err = error instanceof Error ? error : new Error(String(error));
    err.message = `${err.message}\n(the whole build log: ${this.shownPath})`;
    return err;
  }

  close(): Promise<void> {
    return new Promise((done) => this.out.end(done));
  }
}
