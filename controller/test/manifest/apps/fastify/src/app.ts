import Fastify from "fastify";
import health from "./plugins/health.js";
import { bookRoutes } from "./routes/books.js";
import reviewRoutes from "./routes/reviews.js";
import { settings } from "./settings.js";

export async function buildApp() {
  const app = Fastify({ logger: true });
  await app.register(health, { prefix: "/ignored" });
  await app.register(
    async (api) => {
      await api.register(bookRoutes, { prefix: "/books" });
      await api.register(reviewRoutes);
    },
    { prefix: `${settings.routes.prefix}/${settings.routes.version}` },
  );
  return app;
}
