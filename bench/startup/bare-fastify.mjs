// Baseline of bench:startup: the smallest Fastify 5 server, started the way the services are
// (`npm run bench:startup:bare-fastify`), answering GET /health. PORT/HOST as the services.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/health", async () => ({ status: "healthy" }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
process.on("SIGTERM", () => {
  app.close().then(() => process.exit(0));
});
