// The container engine as the lifecycle sees it: one small interface per resource.
// dockerode stays behind these; the launchers and waits only know these types.

export interface ContainerSpec {
  name: string;
  image: string;
  env: Record<string, string>;
  labels: Record<string, string>;
  cmd?: string[];
  /** Container port published on 127.0.0.1. */
  port?: number;
  /** Host port for `port`; 0 or absent = ephemeral. */
  hostPort?: number;
  network?: string;
  /** Name other containers on the network reach this one by. */
  alias?: string;
}

export interface ContainerInfo {
  id: string;
  name: string;
  running: boolean;
  /** Docker healthcheck status when the image defines one. */
  health?: string;
  exitCode: number;
  /** Host pid of the container's first process (0 when not running). */
  pid?: number;
  labels: Record<string, string>;
  /** The container's address on its first network (reachable from this host on Linux bridges). */
  ipAddress?: string;
  /** Host port bound to container port `port`/tcp. */
  hostPort(port: number): number | undefined;
}

export interface ContainerSummary {
  id: string;
  name: string;
  state: string;
  labels: Record<string, string>;
}

export interface ContainerClient {
  create(spec: ContainerSpec): Promise<string>;
  start(id: string): Promise<void>;
  inspect(id: string): Promise<ContainerInfo>;
  /** Containers (running or not) carrying every label given (`key` or `key=value`). */
  list(labels: string[]): Promise<ContainerSummary[]>;
  exec(id: string, cmd: string[]): Promise<{ exitCode: number; output: string }>;
  kill(id: string, signal: string): Promise<void>;
  stop(id: string, timeoutSeconds: number): Promise<void>;
  remove(id: string): Promise<void>;
  /** The last `tail` lines of stdout+stderr, as text. */
  logs(id: string, tail: number): Promise<string>;
  /** Follows stdout+stderr from the container's start; onEnd when the stream ends (it stopped). Returns a stop function. */
  followLogs(id: string, onText: (text: string) => void, onEnd?: () => void): Promise<() => void>;
}

export interface ImageBuild {
  /** Build context folder. */
  context: string;
  /** Dockerfile path relative to the context. */
  dockerfile: string;
  /** Context-relative paths the build reads (files or folders); absent: the whole context. */
  only?: string[];
  tag: string;
  buildArgs: Record<string, string>;
  labels: Record<string, string>;
}

export interface ImageClient {
  /** Labels of a local image, or undefined when there is no such image. */
  labels(tag: string): Promise<Record<string, string> | undefined>;
  /**
   * Removes the dangling (untagged) images carrying `label` (`key=value`) created before `before`:
   * what a rebuild leaves of its earlier builds. Returns how many went and the bytes reclaimed.
   */
  pruneDangling(label: string, before: Date): Promise<{ images: number; bytes: number }>;
  /** Builds; calls onStep once with the size of the context sent, then once per Dockerfile step ("Step 2/7 : COPY ..."). */
  /** `onOutput`, when given, gets every other line of the builder's output (with onStep's: the whole log). */
  build(build: ImageBuild, onStep: (line: string) => void, onOutput?: (line: string) => void): Promise<void>;
}

export interface NetworkClient {
  create(name: string, labels: Record<string, string>): Promise<string>;
  remove(id: string): Promise<void>;
  list(labels: string[]): Promise<{ id: string; name: string; labels: Record<string, string> }[]>;
}
