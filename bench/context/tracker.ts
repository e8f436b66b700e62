// The tracker a team using Gantry has after a while: its past work as CLOSED issues linked to the
// code they changed. For the commit under evaluation, every commit strictly before its parent
// (the ancestors of the parent, the parent itself excluded; merges left out) is such an issue:
// title = subject, description = message, code_refs = the files the commit changed (tests too:
// an issue links what its change touched; none when it changed more than code_refs' 50). The
// commit under evaluation and any commit with the same subject (the same change rebased or
// cherry-picked) are never in it, so nothing of the answer leaks. Issues that must not be seen
// for a case (a branch not merged into its parent yet) are reopened without code_refs.
import type { StartedService } from "../../services/task-graph/harness/start-service.js";
import { skippedByName } from "../../services/task-graph/src/domain/code/source-filter.js";
import { gitIn, issueFields } from "./history.js";

const MAX_REFS = 50;
const REF = /^[^#\s]+$/;

interface PastCommit {
  subject: string;
  body: string;
  refs: string[];
}

export class PastWorkTracker {
  readonly #commits = new Map<string, PastCommit>();
  /** commit → issue id (created once, closed with refs or reopened without as cases move). */
  readonly #issues = new Map<string, string>();
  readonly #closed = new Set<string>();
  /** Counts for the report. */
  reopened = 0;

  constructor(
    private readonly svc: StartedService,
    private readonly repo: string,
  ) {
    const log = gitIn(repo, "log", "--no-merges", "--format=%H%x1f%s%x1f%b%x1e");
    for (const record of log.split("\x1e")) {
      const [commit, subject, body] = record.trim().split("\x1f");
      if (commit && subject) this.#commits.set(commit, { subject, body: (body ?? "").trim(), refs: [] });
    }
  }

  /** The issue the bench created for an evaluated commit: it becomes that commit's past work later. */
  adopt(commit: string, issueId: string): void {
    this.#issues.set(commit, issueId);
  }

  /** Makes the closed issues exactly the commits strictly before `parent`, minus any with this `subject`. */
  async showBefore(parent: string, subject: string): Promise<number> {
    const before = new Set(
      gitIn(this.repo, "rev-list", "--no-merges", `${parent}^@`)
        .split("\n")
        .filter((c) => c && this.#commits.get(c)?.subject !== subject),
    );
    for (const commit of [...this.#closed]) {
      if (before.has(commit)) continue;
      const res = await this.svc.patch(`/api/v1/issues/${this.#issues.get(commit)}`, {
        status: "OPEN",
        code_refs: [],
      });
      if (res.status !== 200) throw new Error(`reopen: ${res.status} ${res.text.slice(0, 200)}`);
      this.#closed.delete(commit);
      this.reopened++;
    }
    for (const commit of before) {
      if (this.#closed.has(commit)) continue;
      await this.#close(commit);
    }
    return this.#closed.size;
  }

  async #close(commit: string): Promise<void> {
    const past = this.#commits.get(commit)!;
    const changed = gitIn(
      this.repo,
      "diff-tree",
      "-r",
      "--no-commit-id",
      "--name-only",
      "--no-renames",
      commit,
    )
      .split("\n")
      .filter((p) => p && REF.test(p) && p.length <= 500 && !skippedByName(p));
    const code_refs = changed.length <= MAX_REFS ? [...new Set(changed)] : [];
    const id = this.#issues.get(commit);
    const res = id
      ? await this.svc.patch(`/api/v1/issues/${id}`, { status: "CLOSED", code_refs })
      : await this.svc.post("/api/v1/issues", {
          ...issueFields(past.subject, past.body),
          status: "CLOSED",
          code_refs,
        });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`close: ${res.status} ${res.text.slice(0, 200)}`);
    if (!id) this.#issues.set(commit, res.body.id);
    this.#closed.add(commit);
  }
}
