// Messages between a SocketWriter (the service) and its writer process (writer-process.ts), over
// the child's IPC channel with the "advanced" serialization (a Uint8Array goes over as bytes).

/** The service to the writer. */
export type ToWriter =
  /** Sent with a TCP handle: write to it from now on, as connection `id`. */
  | { t: "adopt"; id: number }
  /** Write `chunk` to each of `ids`, in this order relative to every other message. */
  | { t: "write"; seq: number; ids: number[]; chunk: string | Uint8Array }
  /** `cut`: drop the connection with what it holds; else end it once what it holds is written. */
  | { t: "close"; id: number; cut: boolean }
  /** The service is stopping: end every connection, then exit. */
  | { t: "exit" };

/** The writer to the service. */
export type FromWriter =
  | { t: "ready" }
  /** Write `seq` was handed to the connections; `held`: those left holding bytes, and how many. */
  | { t: "ack"; seq: number; held: [id: number, bytes: number][] }
  /** Connection `id` took all it held (it was listed in an ack's `held`). */
  | { t: "taken"; id: number };
