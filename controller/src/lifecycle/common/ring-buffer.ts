// Keeps the last N log lines of a started service for error messages (RequiredServiceError).

export class RingBuffer {
  private readonly lines: string[] = [];
  private partial = "";

  constructor(private readonly capacity = 200) {}

  /** Appends a chunk of output; splits it into lines, keeping an unfinished last line aside. */
  write(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? "";
    for (const line of parts) this.push(line);
  }

  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.capacity) this.lines.shift();
  }

  tail(n = 50): string[] {
    const all = this.partial ? [...this.lines, this.partial] : this.lines;
    return all.slice(-n);
  }
}
