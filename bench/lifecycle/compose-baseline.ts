// The baseline: `docker compose up -d --wait` of the same auth image with the healthcheck the
// repository's docker-compose.yml gives it, timed until compose returns (service healthy).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function composeFile(image: string, port: number): string {
  const dir = mkdtempSync(join(tmpdir(), "gantry-bench-compose-"));
  const file = join(dir, "compose.yml");
  writeFileSync(
    file,
    `services:
  auth:
    image: ${image}
    init: true
    environment: { PORT: "8765", HOST: 0.0.0.0, LOG_LEVEL: info }
    ports: ["127.0.0.1:${port}:8765"]
    healthcheck:
      test: ["CMD", "node", "-e", "fetch('http://127.0.0.1:8765/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
      interval: 2s
      timeout: 3s
      retries: 30
      start_period: 30s
`,
  );
  return file;
}

export function composeUpOnce(file: string, project: string): number {
  const started = Date.now();
  execFileSync("docker", ["compose", "-f", file, "-p", project, "up", "-d", "--wait"], { stdio: "pipe" });
  const elapsed = Date.now() - started;
  spawnSync("docker", ["compose", "-f", file, "-p", project, "down", "-t", "2"], { stdio: "ignore" });
  return elapsed;
}
