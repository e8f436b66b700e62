/**
 * Process entry (`npm run start:auth`): listens on PORT/HOST, SIGTERM/SIGINT shut down
 * gracefully, SIGUSR2 resets the data to the two seeded users.
 */
import { handleShutdownSignals, listen } from "../../../lib/service-kit/index.js";
import { buildAuthApp } from "./app.js";
import { DEFAULT_PORT, resolveAuthConfig } from "./config.js";

async function main(): Promise<void> {
  const config = resolveAuthConfig(process.env);
  const { app, reset } = await buildAuthApp({ config });
  handleShutdownSignals(app);
  process.on("SIGUSR2", () => {
    reset().then(
      () => app.log.info("reset to the seeded users (SIGUSR2)"),
      (err: unknown) => app.log.error({ err }, "reset failed"),
    );
  });
  await listen(app, { env: process.env, defaultPort: DEFAULT_PORT });
}

main().catch((err: unknown) => {
  // Configuration errors name the variable; print them plainly and exit non-zero.
  process.stderr.write(`auth service failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
