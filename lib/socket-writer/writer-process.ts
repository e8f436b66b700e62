// The writer process of a SocketWriter (socket-writer.ts): it is handed TCP connections and writes
// to them what the service sends, so the service's own loop pays for one message per chunk, not
// for a send per connection. It only writes; whatever a client sends is read and dropped, and a
// connection the client closes is closed here too. It exits when the service goes (its IPC
// channel closes) or asks it to, once what it holds is written (within EXIT_GRACE_MS).
import { Socket } from "node:net";
import { getPriority, setPriority } from "node:os";
import type { FromWriter, ToWriter } from "./protocol.js";

/** When asked to exit: how long connections may take to finish what they hold. */
const EXIT_GRACE_MS = 2_000;

/**
 * Lowers this process's CPU priority by `niceness` steps (capped at 19, the lowest): the service's
 * own work then wins a busy core and the sends take what is left. Lowering is always allowed; a
 * platform that refuses it leaves the priority as it was.
 */
function lowerPriority(niceness: number): void {
  if (!(niceness > 0)) return;
  try {
    setPriority(Math.min(19, getPriority() + niceness));
  } catch {
    // The writer still works at the service's priority.
  }
}

function serve(): void {
  const connections = new Map<number, Socket>();
  /** Connections told of as holding bytes, until they drain ("taken"). */
  const waiting = new WeakSet<Socket>();
  let exiting = false;
  const tell = (message: FromWriter) => process.send?.(message);

  const adopt = (id: number, handle: unknown) => {
    if (!handle) return;
    // A raw TCP handle (child_process's "net.Native" kind): no server in this process tracks it.
    const socket = new Socket({ handle: handle as never, readable: true, writable: true });
    socket.setNoDelay(true);
    connections.set(id, socket);
    socket.on("data", () => {});
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      if (connections.get(id) === socket) connections.delete(id);
      if (exiting && connections.size === 0) process.exit(0);
    });
  };

  const write = (seq: number, ids: number[], chunk: string | Uint8Array) => {
    const held: [number, number][] = [];
    for (const id of ids) {
      const socket = connections.get(id);
      if (!socket || socket.destroyed || socket.writableEnded) continue;
      socket.write(chunk);
      if (socket.writableLength === 0) continue;
      held.push([id, socket.writableLength]);
      if (waiting.has(socket)) continue;
      waiting.add(socket);
      socket.once("drain", () => {
        waiting.delete(socket);
        tell({ t: "taken", id });
      });
    }
    tell({ t: "ack", seq, held });
  };

  const close = (id: number, cut: boolean) => {
    const socket = connections.get(id);
    if (!socket) return;
    if (cut) socket.destroy();
    else socket.end();
  };

  const exit = () => {
    exiting = true;
    if (connections.size === 0) process.exit(0);
    for (const id of connections.keys()) close(id, false);
    setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref();
  };

  process.on("message", (message: ToWriter, handle: unknown) => {
    if (message.t === "adopt") adopt(message.id, handle);
    else if (message.t === "write") write(message.seq, message.ids, message.chunk);
    else if (message.t === "close") close(message.id, message.cut);
    else if (message.t === "exit") exit();
  });
  // The service is gone: what it handed over goes with it.
  process.on("disconnect", () => process.exit(0));
  tell({ t: "ready" });
}

lowerPriority(Number(process.argv[2] ?? 0));
serve();
