// GET /board (SPEC §2d): one column per status, filters in the URL, moves by drag or keyboard
// (PATCH with If-Match; a refusal snaps back with its reason), an issue panel, live from the
// events stream. Preact keeps the page small (under 6 KiB of runtime with hooks, gzipped).
import { render } from "preact";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Api, ApiError, type Component, type Issue, PRIORITIES, STATUSES, type Status } from "./api.js";
import { followEvents } from "./events.js";
import { Panel } from "./panel.js";

const FILTERS = ["q", "project", "component", "label", "assignee", "priority"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const LABELS: Record<Status, string> = {
  OPEN: "Open",
  IN_PROGRESS: "In progress",
  BLOCKED: "Blocked",
  CLOSED: "Closed",
};

function readUrl() {
  const p = new URLSearchParams(location.search);
  const filters = Object.fromEntries(FILTERS.map((f) => [f, p.get(f) ?? ""])) as Filters;
  return {
    filters,
    issue: p.get("issue"),
    view: p.get("view") === "graph" ? ("graph" as const) : ("details" as const),
  };
}

function writeUrl(filters: Filters, issue: string | null, view: string) {
  const p = new URLSearchParams();
  for (const f of FILTERS) if (filters[f]) p.set(f, filters[f]);
  if (issue) p.set("issue", issue);
  if (issue && view === "graph") p.set("view", "graph");
  const qs = p.toString();
  history.replaceState(null, "", qs ? `?${qs}` : location.pathname);
}

function App() {
  const api = useMemo(() => new Api(), []);
  const [needKey, setNeedKey] = useState(false);
  const [issues, setIssues] = useState<Map<string, Issue>>(new Map());
  const [components, setComponents] = useState<Component[]>([]);
  const [loaded, setLoaded] = useState(false);
  const initial = useMemo(readUrl, []);
  const [filters, setFilters] = useState<Filters>(initial.filters);
  const [open, setOpen] = useState<string | null>(initial.issue);
  const [view, setView] = useState<"details" | "graph">(initial.view);
  const [alert, setAlert] = useState("");
  const [dragOver, setDragOver] = useState<Status | null>(null);
  const issuesRef = useRef(issues);
  issuesRef.current = issues;

  const upsert = useCallback((list: Issue[], removed: string[] = []) => {
    setIssues((prev) => {
      const next = new Map(prev);
      for (const i of list) next.set(i.id, i);
      for (const id of removed) next.delete(id);
      return next;
    });
  }, []);

  const refetch = useCallback(
    async (ids: string[]) => {
      const got: Issue[] = [];
      const gone: string[] = [];
      await Promise.all(
        [...new Set(ids)].map((id) =>
          api
            .request<Issue>("GET", `/issues/${encodeURIComponent(id)}`)
            .then((r) => got.push(r.data))
            .catch((e) => e instanceof ApiError && e.status === 404 && gone.push(id)),
        ),
      );
      // A dependency change also changes the other end: fetch the ends that moved.
      const more: string[] = [];
      for (const i of got) {
        const before = issuesRef.current.get(i.id);
        if (!before) continue;
        for (const d of [...i.depends_on, ...i.blocks, ...before.depends_on, ...before.blocks]) {
          const was = before.depends_on.includes(d) || before.blocks.includes(d);
          const is = i.depends_on.includes(d) || i.blocks.includes(d);
          if (was !== is && !ids.includes(d)) more.push(d);
        }
      }
      upsert(got, gone);
      if (more.length) await refetch(more);
    },
    [api, upsert],
  );

  const load = useCallback(async () => {
    try {
      const [all, comps] = await Promise.all([api.all<Issue>("/issues"), api.all<Component>("/components")]);
      setIssues(new Map(all.map((i) => [i.id, i])));
      setComponents(comps);
      setLoaded(true);
      setNeedKey(false);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) setNeedKey(true);
      else setAlert(`Could not load the board: ${e instanceof Error ? e.message : String(e)}`);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  // Live: each event names the issue it changed; the board re-reads it (batched per 30 ms).
  useEffect(() => {
    if (!loaded) return;
    let pending = new Set<string>();
    let scheduled = false;
    return followEvents(
      api,
      (e) => {
        if (!e.issue_id) return;
        if (e.type === "issue.deleted") return upsert([], [e.issue_id]);
        pending.add(e.issue_id);
        for (const c of e.changes ?? []) {
          if (c.field === "depends_on_id" || c.field === "depends_on") {
            for (const v of [c.from, c.to]) if (typeof v === "string") pending.add(v);
          }
        }
        if (scheduled) return;
        scheduled = true;
        setTimeout(() => {
          const ids = [...pending];
          pending = new Set();
          scheduled = false;
          void refetch(ids);
        }, 30);
      },
      () => void load(),
    );
  }, [loaded, api, refetch, upsert, load]);

  useEffect(() => writeUrl(filters, open, view), [filters, open, view]);
  // After the cards are in the DOM: tests and the benchmark wait on it.
  useEffect(() => {
    if (loaded) document.documentElement.dataset.loaded = String(issues.size);
  }, [loaded, issues]);

  const componentById = useMemo(() => new Map(components.map((c) => [c.id, c])), [components]);
  const options = useMemo(() => {
    const labels = new Set<string>();
    const assignees = new Set<string>();
    for (const i of issues.values()) {
      for (const l of i.labels) labels.add(l);
      if (i.assignee) assignees.add(i.assignee);
    }
    return {
      labels: [...labels].sort(),
      assignees: [...assignees].sort(),
      projects: [...new Set(components.map((c) => c.project))].sort(),
    };
  }, [issues, components]);

  const visible = useMemo(() => {
    const q = filters.q.toLowerCase();
    const cols: Record<Status, Issue[]> = { OPEN: [], IN_PROGRESS: [], BLOCKED: [], CLOSED: [] };
    for (const i of issues.values()) {
      if (q && !`${i.id} ${i.title} ${i.labels.join(" ")}`.toLowerCase().includes(q)) continue;
      if (filters.component && i.component_id !== filters.component) continue;
      if (filters.project && componentById.get(i.component_id ?? "")?.project !== filters.project) continue;
      if (filters.label && !i.labels.includes(filters.label)) continue;
      if (filters.assignee && i.assignee !== filters.assignee) continue;
      if (filters.priority && i.priority !== filters.priority) continue;
      cols[i.status].push(i);
    }
    return cols;
  }, [issues, filters, componentById]);

  const move = useCallback(
    async (id: string, to: Status) => {
      const before = issuesRef.current.get(id);
      if (!before || before.status === to) return;
      upsert([{ ...before, status: to }]);
      setAlert("");
      try {
        const current = await api.request<Issue>("GET", `/issues/${encodeURIComponent(id)}`);
        if (current.data.status !== before.status) {
          upsert([current.data]);
          throw new ApiError(
            412,
            "PRECONDITION_FAILED",
            `"${before.title}" was changed by someone else (now ${current.data.status}).`,
          );
        }
        const res = await api.request<Issue>(
          "PATCH",
          `/issues/${encodeURIComponent(id)}`,
          { status: to },
          {
            "if-match": current.etag ?? "*",
          },
        );
        upsert([res.data]);
      } catch (e) {
        if (!(e instanceof ApiError && e.code === "PRECONDITION_FAILED")) upsert([before]);
        else void refetch([id]);
        setAlert(
          `Move of "${before.title}" to ${LABELS[to]} refused: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    },
    [api, upsert, refetch],
  );

  if (needKey)
    return (
      <KeyForm
        onKey={(k) => {
          api.setKey(k);
          void load();
        }}
      />
    );
  const selected = open ? issues.get(open) : undefined;
  const set = (f: keyof Filters) => (e: Event) =>
    setFilters({ ...filters, [f]: (e.target as HTMLInputElement).value });
  const select = (f: keyof Filters, label: string, values: [string, string][]) => (
    <label>
      {label}{" "}
      <select value={filters[f]} onChange={set(f)}>
        <option value="">All</option>
        {values.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <>
      <header class="top">
        <h1>Gantry board</h1>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is not in every browser the board supports */}
        <form class="filters" role="search" aria-label="Filter issues" onSubmit={(e) => e.preventDefault()}>
          <label>
            Search <input type="search" value={filters.q} onInput={set("q")} />
          </label>
          {select(
            "project",
            "Project",
            options.projects.map((p) => [p, p]),
          )}
          {select(
            "component",
            "Component",
            components.map((c) => [c.id, c.name]),
          )}
          {select(
            "label",
            "Label",
            options.labels.map((l) => [l, l]),
          )}
          {select(
            "assignee",
            "Assignee",
            options.assignees.map((a) => [a, a]),
          )}
          {select(
            "priority",
            "Priority",
            PRIORITIES.map((p) => [p, p]),
          )}
        </form>
      </header>
      <p id="move-help" class="help">
        Drag a card to another column, or focus it and press Shift + ← / → to move it; Enter opens it.
      </p>
      <div class="alert" role="alert" data-testid="alert">
        {alert}
      </div>
      <main class={selected ? "with-panel" : ""}>
        <div class="columns">
          {STATUSES.map((s) => (
            <section
              key={s}
              class={`column${dragOver === s ? " over" : ""}`}
              data-status={s}
              aria-labelledby={`col-${s}`}
              onDragOver={(e) => {
                e.preventDefault();
                setDragOver(s);
              }}
              onDragLeave={() => setDragOver(null)}
              onDrop={(e) => {
                e.preventDefault();
                setDragOver(null);
                const id = e.dataTransfer?.getData("text/plain");
                if (id) void move(id, s);
              }}
            >
              <h2 id={`col-${s}`}>
                {LABELS[s]} <span class="count">{visible[s].length}</span>
              </h2>
              <ul>
                {visible[s].map((i) => (
                  <Card
                    key={i.id}
                    issue={i}
                    issues={issues}
                    components={componentById}
                    onMove={move}
                    onOpen={setOpen}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
        {selected ? (
          <Panel
            api={api}
            issue={selected}
            issues={issues}
            view={view}
            onView={setView}
            onOpen={setOpen}
            onClose={() => setOpen(null)}
            onChanged={(ids) => void refetch(ids)}
          />
        ) : null}
      </main>
    </>
  );
}

function Card({
  issue,
  issues,
  components,
  onMove,
  onOpen,
}: {
  issue: Issue;
  issues: Map<string, Issue>;
  components: Map<string, Component>;
  onMove: (id: string, to: Status) => void;
  onOpen: (id: string) => void;
}) {
  const openPrereqs = issue.depends_on
    .map((d) => issues.get(d))
    .filter((d) => d && d.status !== "CLOSED") as Issue[];
  const col = STATUSES.indexOf(issue.status);
  return (
    <li>
      <button
        type="button"
        class={`card priority-${issue.priority}`}
        data-id={issue.id}
        draggable
        aria-describedby="move-help"
        onDragStart={(e) => e.dataTransfer?.setData("text/plain", issue.id)}
        onClick={() => onOpen(issue.id)}
        onKeyDown={(e) => {
          if (e.shiftKey && (e.key === "ArrowRight" || e.key === "ArrowLeft")) {
            e.preventDefault();
            const to = STATUSES[col + (e.key === "ArrowRight" ? 1 : -1)];
            if (to) onMove(issue.id, to);
            requestAnimationFrame(() =>
              (document.querySelector(`[data-id="${CSS.escape(issue.id)}"]`) as HTMLElement)?.focus(),
            );
          }
        }}
      >
        <span class="title">{issue.title}</span>
        <span class="meta">
          <span class="priority">{issue.priority}</span>
          {issue.component_id ? (
            <span class="component">{components.get(issue.component_id)?.name ?? issue.component_id}</span>
          ) : null}
          {issue.labels.map((l) => (
            <span key={l} class="label">
              {l}
            </span>
          ))}
        </span>
        {issue.assignee ? (
          <span class="assignee">
            {issue.assignee}
            {issue.claim_expires_at ? ` until ${issue.claim_expires_at.slice(11, 16)} UTC` : ""}
          </span>
        ) : null}
        {openPrereqs.length ? (
          <span class="blocked">
            blocked by{" "}
            {openPrereqs
              .slice(0, 2)
              .map((p) => p.title)
              .join(", ")}
            {openPrereqs.length > 2 ? ` +${openPrereqs.length - 2}` : ""}
          </span>
        ) : null}
      </button>
    </li>
  );
}

function KeyForm({ onKey }: { onKey: (key: string) => void }) {
  const [key, setKey] = useState("");
  return (
    <main class="key">
      <h1>Gantry board</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (key) onKey(key);
        }}
      >
        <label for="api-key">This task graph needs its API key (kept for this tab only)</label>{" "}
        <input
          id="api-key"
          type="password"
          autoComplete="off"
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
        />{" "}
        <button type="submit">Open the board</button>
      </form>
    </main>
  );
}

render(<App />, document.getElementById("app") as HTMLElement);
