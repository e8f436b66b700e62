// ImageClient on dockerode: look up a local image, build one from a Dockerfile (legacy builder).
import type Dockerode from "dockerode";
import { debugLog } from "../common/debug-log.js";
import { contextEntries } from "./build-context.js";
import type { ImageBuild, ImageClient } from "./types.js";

interface BuildEvent {
  stream?: string;
  error?: string;
  errorDetail?: { message?: string };
}

export class DockerImageClient implements ImageClient {
  /** dockerode, loaded on first use (it is heavy; see runtime-client.ts). */
  constructor(private readonly docker: () => Promise<Dockerode>) {}

  async labels(tag: string): Promise<Record<string, string> | undefined> {
    debugLog(`Fetching image ${tag}...`);
    try {
      const info = await (await this.docker()).getImage(tag).inspect();
      debugLog(`Fetched image ${tag} (${info.Id.slice(7, 19)})`);
      return info.Config?.Labels ?? {};
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) {
        debugLog(`Image ${tag} not found`);
        return undefined;
      }
      throw error;
    }
  }

  async pruneDangling(label: string, before: Date): Promise<{ images: number; bytes: number }> {
    debugLog(`Pruning dangling images labelled ${label}...`);
    const filters = {
      dangling: ["true"],
      label: [label],
      until: [String(Math.floor(before.getTime() / 1000))],
    };
    const result = await (await this.docker()).pruneImages({ filters: JSON.stringify(filters) });
    const images = (result.ImagesDeleted ?? []).filter((d) => d.Deleted).length;
    debugLog(`Pruned ${images} dangling images labelled ${label}`);
    return { images, bytes: result.SpaceReclaimed ?? 0 };
  }

  async build(
    build: ImageBuild,
    onStep: (line: string) => void,
    onOutput: (line: string) => void = () => {},
  ): Promise<void> {
    debugLog(`Building image ${build.tag} from ${build.dockerfile}...`);
    const src = await contextEntries(build.context, build.only);
    onStep(`sending the build context: ${src.length} files`);
    const docker = await this.docker();
    const stream = await docker.buildImage(
      { context: build.context, src },
      {
        t: build.tag,
        dockerfile: build.dockerfile,
        buildargs: build.buildArgs,
        labels: build.labels,
        rm: true,
      },
    );
    const recent: string[] = [];
    await new Promise<void>((resolve, reject) => {
      docker.modem.followProgress(
        stream,
        (error: Error | null) => (error ? reject(error) : resolve()),
        (event: BuildEvent) => {
          if (event.error) {
            const detail = event.errorDetail?.message ?? event.error;
            onOutput(detail);
            reject(new Error(`build of ${build.tag} failed: ${detail}\n${recent.slice(-20).join("\n")}`));
            return;
          }
          for (const line of (event.stream ?? "").split("\n")) {
            if (!line.trim()) continue;
            recent.push(line);
            if (/^Step \d+\/\d+ :/.test(line)) onStep(line);
            else onOutput(line);
          }
        },
      );
    });
    debugLog(`Built image ${build.tag}`);
  }
}
