// A loopback port that was free a moment ago: tests use it either to start something there or,
// left as it is, as an address where nothing listens (connection refused).
import { createServer } from "node:net";

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}
