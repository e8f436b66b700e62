// Watches a code root and hands batches of changed paths to a callback, debounced: editors and
// `git checkout` write in bursts, and one re-index per burst is cheaper than one per event.
import { type FSWatcher, watch } from "node:fs";
import { SKIPPED_DIRS } from "./source-filter.js";

export class RepositoryWatcher {
  readonly #pending = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #watcher: FSWatcher | undefined;

  constructor(
    root: string,
    private readonly onChange: (paths: string[]) => void,
    private readonly debounceMs = 100,
  ) {
    // Recursive watching is native on Linux since Node 20 (inotify per folder) and on macOS/Windows.
    this.#watcher = watch(root, { recursive: true }, (_event, name) => {
      if (!name) return;
      const path = name.toString().replaceAll("\\", "/");
      if (path.split("/").some((part) => SKIPPED_DIRS.has(part))) return;
      this.#pending.add(path);
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => this.#flush(), this.debounceMs);
    });
    this.#watcher.on("error", () => this.close());
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  #flush(): void {
    const paths = [...this.#pending].sort();
    this.#pending.clear();
    if (paths.length > 0) this.onChange(paths);
  }
}
