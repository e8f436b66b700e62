// Before measuring: a Docker engine (infra/docker/ensure-engine.sh), the registry-less base
// images (infra/images/build.sh) and an up-to-date auth image built by the lifecycle itself.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { ServiceConfig } from "../../controller/src/config/types.js";
import { getRuntimeClient } from "../../controller/src/lifecycle/container-runtime/runtime-client.js";
import { serviceImage } from "../../controller/src/lifecycle/launchers/service-image.js";

export async function ensureImages(repo: string, image: string): Promise<{ ok: boolean; reason?: string }> {
  try {
    execFileSync("bash", [join(repo, "infra/docker/ensure-engine.sh")], { stdio: "pipe", timeout: 180_000 });
    execFileSync("bash", [join(repo, "infra/images/build.sh"), "all"], { stdio: "pipe", timeout: 300_000 });
  } catch (error) {
    return { ok: false, reason: (error as Error).message.split("\n")[0] };
  }
  const runtime = await getRuntimeClient();
  if (!runtime) return { ok: false, reason: "the engine does not answer" };
  const auth = { name: "auth", maven_module: "services/auth" } as ServiceConfig;
  const tag = await serviceImage(runtime, auth, repo, (line) => console.log(line));
  if (tag !== image) throw new Error(`expected ${image}, built ${tag}`);
  return { ok: true };
}
