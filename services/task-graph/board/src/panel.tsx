// The issue panel: description (safe Markdown), dependencies both ways (add, remove), activity and
// notes, and the files the agent context would hand an agent for this issue.
import { useEffect, useState } from "preact/hooks";
import { type Activity, type Api, ApiError, type Issue, type Note } from "./api.js";
import { GraphView } from "./graph-view.js";
import { renderMarkdown } from "./markdown.js";

interface Props {
  api: Api;
  issue: Issue;
  issues: Map<string, Issue>;
  view: "details" | "graph";
  onView: (v: "details" | "graph") => void;
  onOpen: (id: string) => void;
  onClose: () => void;
  onChanged: (ids: string[]) => void;
}

export function Panel({ api, issue, issues, view, onView, onOpen, onClose, onChanged }: Props) {
  const [activity, setActivity] = useState<Activity[] | null>(null);
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [files, setFiles] = useState<string[] | null>(null);
  const [depInput, setDepInput] = useState("");
  const [message, setMessage] = useState("");
  const enc = encodeURIComponent(issue.id);

  // Refreshed whenever the issue changes (updated_at moves with every write, including events).
  useEffect(() => {
    let live = true;
    api
      .request<{ items: Activity[] }>("GET", `/issues/${enc}/activity?limit=20`)
      .then((r) => live && setActivity(r.data.items))
      .catch(() => live && setActivity([]));
    api
      .request<{ items: Note[] }>("GET", `/issues/${enc}/notes?limit=20`)
      .then((r) => live && setNotes(r.data.items))
      .catch(() => live && setNotes([]));
    return () => {
      live = false;
    };
  }, [issue.id, issue.updated_at, issue.depends_on.length, issue.blocks.length]);
  useEffect(() => {
    let live = true;
    setFiles(null);
    api
      .request<{ files: { path: string }[] }>("GET", `/agent/context/${enc}?limit=10`)
      .then((r) => live && setFiles(r.data.files.map((f) => f.path)))
      .catch(() => live && setFiles([]));
    return () => {
      live = false;
    };
  }, [issue.id]);

  const addDependency = async (ev: Event) => {
    ev.preventDefault();
    const target = resolveIssue(depInput.trim(), issues);
    if (!target) return setMessage(`No issue "${depInput.trim()}" on the board.`);
    try {
      await api.request("POST", `/issues/${enc}/dependencies`, { depends_on_id: target.id });
      setDepInput("");
      setMessage(`Now depends on "${target.title}".`);
      onChanged([issue.id, target.id]);
    } catch (e) {
      setMessage(`Dependency refused: ${e instanceof ApiError ? e.message : String(e)}`);
    }
  };
  const removeDependency = async (dep: string) => {
    try {
      await api.request("DELETE", `/issues/${enc}/dependencies/${encodeURIComponent(dep)}`);
      setMessage(`No longer depends on "${issues.get(dep)?.title ?? dep}".`);
      onChanged([issue.id, dep]);
    } catch (e) {
      setMessage(`Removal refused: ${e instanceof ApiError ? e.message : String(e)}`);
    }
  };
  const link = (id: string) => (
    <button type="button" class="link" onClick={() => onOpen(id)}>
      {issues.get(id)?.title ?? id} <span class="status">({issues.get(id)?.status ?? "?"})</span>
    </button>
  );

  return (
    <aside class="panel" aria-labelledby="panel-title">
      <header>
        <h2 id="panel-title">{issue.title}</h2>
        <button type="button" onClick={onClose} aria-label="Close the issue panel">
          ×
        </button>
      </header>
      <p class="meta">
        <code>{issue.id}</code> · {issue.status} · {issue.priority}
        {issue.assignee ? ` · claimed by ${issue.assignee}` : ""}
      </p>
      <div class="tabs" role="tablist" aria-label="Issue views">
        <button type="button" role="tab" aria-selected={view === "details"} onClick={() => onView("details")}>
          Details
        </button>
        <button type="button" role="tab" aria-selected={view === "graph"} onClick={() => onView("graph")}>
          Graph
        </button>
      </div>
      {view === "graph" ? (
        <GraphView root={issue} issues={issues} onOpen={onOpen} />
      ) : (
        <>
          <section aria-labelledby="h-desc">
            <h3 id="h-desc">Description</h3>
            {/* Sanitised by DOMPurify in renderMarkdown. */}
            <div
              class="markdown"
              dangerouslySetInnerHTML={{ __html: renderMarkdown(issue.description || "_None._") }}
            />
          </section>
          <section aria-labelledby="h-deps">
            <h3 id="h-deps">Depends on</h3>
            <ul class="deps" data-testid="depends-on">
              {issue.depends_on.map((d) => (
                <li key={d}>
                  {link(d)}{" "}
                  <button
                    type="button"
                    onClick={() => removeDependency(d)}
                    aria-label={`Remove dependency on ${issues.get(d)?.title ?? d}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            <form onSubmit={addDependency}>
              <label for="dep-input">Add a prerequisite (id or exact title)</label>{" "}
              <input
                id="dep-input"
                value={depInput}
                onInput={(e) => setDepInput((e.target as HTMLInputElement).value)}
              />{" "}
              <button type="submit">Add</button>
            </form>
            <h3>Blocks</h3>
            <ul class="deps" data-testid="blocks">
              {issue.blocks.map((d) => (
                <li key={d}>{link(d)}</li>
              ))}
            </ul>
            <p class="message" role="status">
              {message}
            </p>
          </section>
          <section aria-labelledby="h-act">
            <h3 id="h-act">Activity and notes</h3>
            <ul class="activity">
              {(notes ?? []).map((n) => (
                <li key={`n${n.id}`}>
                  <strong>{n.kind}</strong> by {n.author}: {n.text}
                </li>
              ))}
              {(activity ?? []).map((a) => (
                <li key={`a${a.id}`}>
                  <time>{a.at.slice(0, 19).replace("T", " ")}</time> {a.actor}: {a.type}
                  {a.changes?.length
                    ? ` (${a.changes.map((c) => `${c.field} → ${String(c.to)}`).join(", ")})`
                    : ""}
                </li>
              ))}
            </ul>
            {activity === null ? <p>Loading…</p> : null}
          </section>
          <section aria-labelledby="h-files">
            <h3 id="h-files">Agent-context files</h3>
            {files === null ? (
              <p>Loading…</p>
            ) : files.length ? (
              <ul>
                {files.map((f) => (
                  <li key={f}>
                    <code>{f}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No code indexed for this issue.</p>
            )}
          </section>
        </>
      )}
    </aside>
  );
}

function resolveIssue(text: string, issues: Map<string, Issue>): Issue | undefined {
  if (issues.has(text)) return issues.get(text);
  for (const i of issues.values()) if (i.title === text) return i;
  return undefined;
}
