import fp from "fastify-plugin";

// Wrapped with fastify-plugin: it shares its parent's context, so a prefix given to register does not apply.
export default fp(async (app) => {
  app.get("/health", async () => ({ ok: true }));
});
