// The events stream (SPEC §2c) read with fetch, so the API key travels in a header: EventSource
// can send none, and a key in its URL would end up in logs and history.
import type { Api } from "./api.js";

export interface BoardEvent {
  id: number;
  type: string;
  issue_id?: string;
  changes?: { field: string; from: unknown; to: unknown }[];
}

export function followEvents(api: Api, onEvent: (e: BoardEvent) => void, onReset: () => void): () => void {
  let lastId: string | undefined;
  let stopped = false;
  const controller = new AbortController();
  const connect = async (): Promise<void> => {
    while (!stopped) {
      try {
        const res = await fetch("/api/v1/events", {
          headers: api.headers(lastId ? { "last-event-id": lastId } : {}),
          signal: controller.signal,
        });
        if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
        document.documentElement.dataset.live = "connected";
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            dispatch(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
          }
        }
      } catch {
        if (stopped) return;
      }
      document.documentElement.dataset.live = "reconnecting";
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const dispatch = (frame: string): void => {
    let type = "message";
    let data = "";
    for (const line of frame.split("\n")) {
      if (line.startsWith("id: ")) lastId = line.slice(4);
      else if (line.startsWith("event: ")) type = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
    }
    if (!data) return;
    if (type === "reset") onReset();
    else onEvent(JSON.parse(data) as BoardEvent);
  };
  void connect();
  return () => {
    stopped = true;
    controller.abort();
  };
}
