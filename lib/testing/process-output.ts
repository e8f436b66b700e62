// What a child process started by a test has written (stdout and stderr together), and a way to
// await a line in it: tests wait for what the process says rather than sleep a fixed time and
// hope the line has come through the pipe by then.
import type { ChildProcess } from "node:child_process";

export interface ProcessOutput {
  /** Everything read so far. */
  text(): string;
  /**
   * Resolves with the first match of `pattern` (a regular expression, or a text taken literally)
   * in the output, as soon as it has been read.
   * Rejects, with the output so far, when `timeoutMs` pass first or when the process has closed
   * its output (exited and its pipes drained) without writing it.
   */
  waitFor(pattern: RegExp | string, timeoutMs: number, what?: string): Promise<RegExpExecArray>;
  /** Resolves once the process has exited and all its output has been read (the 'close' event). */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function watchOutput(child: ChildProcess): ProcessOutput {
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer | string) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  let isClosed = false;
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("close", (code, signal) => {
      isClosed = true;
      for (const listener of listeners) listener();
      resolve({ code, signal });
    });
  });

  const waitFor = (
    pattern: RegExp | string,
    timeoutMs: number,
    what = typeof pattern === "string" ? JSON.stringify(pattern) : `${pattern}`,
  ) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const finish = (error?: Error, match?: RegExpExecArray) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve(match!);
      };
      const check = () => {
        const match =
          typeof pattern === "string"
            ? literalMatch(text, pattern)
            : new RegExp(pattern.source, pattern.flags.replace("g", "")).exec(text);
        if (match) finish(undefined, match);
        else if (isClosed)
          finish(new Error(`the process ended without writing ${what}; its output:\n${text}`));
      };
      const timer = setTimeout(
        () => finish(new Error(`${what} not written within ${timeoutMs} ms; output so far:\n${text}`)),
        timeoutMs,
      );
      listeners.add(check);
      check();
    });

  return { text: () => text, waitFor, closed };
}

/** `text`'s first occurrence in `output` as a match (index and input set), or null. */
function literalMatch(output: string, text: string): RegExpExecArray | null {
  const index = output.indexOf(text);
  return index < 0 ? null : (Object.assign([text], { index, input: output }) as RegExpExecArray);
}
