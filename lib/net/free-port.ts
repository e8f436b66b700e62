// A loopback port that was free a moment ago: the lifecycle gives it to a service whose base_url
// names no local port; tests start something there or, left as it is, use it as an address where
// nothing listens (connection refused).
import { createServer } from "node:net";

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
