// Builds homebridge-config-ui-x's NestJS app on Fastify (BENCH_APP_HOME/node_modules/
// homebridge-config-ui-x, dist/app.module.js) as dist/main.js's bootstrap does — its `/` page on
// the Fastify instance, the global prefix `/api` — with its storage in the scratch HOME, then
// `init()` (routes registered, nothing served, no Homebridge started); node-routes.cjs prints
// Fastify's onRoute table. What bootstrap adds from other packages (Swagger's pages, static
// files) is not the app's code and not built. Fastify is required first, from the app's
// folder, so that the patched Fastify is the one @nestjs/platform-fastify gets.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/homebridge-config-ui-x/");
const storage = join(process.env.HOME, ".homebridge");
mkdirSync(storage, { recursive: true });
writeFileSync(
  join(storage, "config.json"),
  JSON.stringify({
    bridge: { name: "bench", username: "0E:00:00:00:00:01", port: 51826, pin: "031-45-154" },
    platforms: [{ platform: "config" }],
  }),
);
process.env.UIX_STORAGE_PATH = storage;
process.env.UIX_CONFIG_PATH = join(storage, "config.json");
const fromApp = createRequire(pkg);
fromApp("fastify");
await import(join(pkg, "dist/env-setup.js"));
fromApp("reflect-metadata");
// The module is `global-defaults.js` in the pinned release (`globalDefaults.js` in earlier ones).
const defaults = ["dist/global-defaults.js", "dist/globalDefaults.js"].find((f) => existsSync(join(pkg, f)));
await import(join(pkg, defaults));
const { NestFactory } = fromApp("@nestjs/core");
const { FastifyAdapter } = fromApp("@nestjs/platform-fastify");
const { AppModule } = await import(join(pkg, "dist/app.module.js"));
const app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false, abortOnError: false });
app.getHttpAdapter().get("/", async () => "");
app.setGlobalPrefix("/api");
await app.init();
globalThis.BENCH_DUMP();
process.exit(0);
