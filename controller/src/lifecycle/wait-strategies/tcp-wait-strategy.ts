// Ready when a TCP connection to host:port is accepted (e.g. Redis before it answers commands).
import { connect } from "node:net";
import { AbstractWaitStrategy, type ProbeResult } from "./wait-strategy.js";

export class TcpWaitStrategy extends AbstractWaitStrategy {
  protected readonly expectation = "A TCP connection";
  readonly target: string;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {
    super();
    this.target = `${host}:${port}`;
  }

  probe(timeoutMs: number): Promise<ProbeResult> {
    return new Promise((resolve) => {
      const socket = connect({ host: this.host, port: this.port });
      const finish = (result: ProbeResult) => {
        socket.destroy();
        resolve(result);
      };
      socket.setTimeout(timeoutMs, () =>
        finish({ ok: false, seen: `no answer within ${timeoutMs}ms`, timedOut: true }),
      );
      socket.once("connect", () => finish({ ok: true, seen: "connected" }));
      socket.once("error", (error: NodeJS.ErrnoException) =>
        finish({ ok: false, seen: error.code ?? error.message }),
      );
    });
  }
}
