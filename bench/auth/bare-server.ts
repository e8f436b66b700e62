/** Baseline: a bare Fastify 5 route (no logger, no hooks, no schema) returning a small JSON object. */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ status: "healthy", service: "bare" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => {
  app.close().then(() => process.exit(0));
});
