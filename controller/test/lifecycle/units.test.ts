import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isOrphan, LABEL, runLabels } from "../../src/lifecycle/common/labels.js";
import { RingBuffer } from "../../src/lifecycle/common/ring-buffer.js";
import { healthUrl, loopbackPort, onLoopback } from "../../src/lifecycle/common/service-urls.js";
import { contextEntries } from "../../src/lifecycle/container-runtime/build-context.js";
import { demuxLogs } from "../../src/lifecycle/container-runtime/demux-logs.js";
import { dockerfileSources } from "../../src/lifecycle/launchers/dockerfile-sources.js";
import { tempRoot } from "./helpers/tiny-service.js";

describe("RingBuffer", () => {
  it("keeps the last lines, joining chunks split mid-line", () => {
    const buffer = new RingBuffer(3);
    buffer.write("one\ntw");
    buffer.write("o\nthree\nfour\nfi");
    // Capacity 3 whole lines, plus the unfinished one.
    expect(buffer.tail(10)).toEqual(["two", "three", "four", "fi"]);
    expect(buffer.tail(2)).toEqual(["four", "fi"]);
  });
});

describe("demuxLogs", () => {
  const frame = (type: number, text: string) => {
    const payload = Buffer.from(text);
    const header = Buffer.alloc(8);
    header[0] = type;
    header.writeUInt32BE(payload.length, 4);
    return Buffer.concat([header, payload]);
  };

  it("joins stdout and stderr frames of a container log", () => {
    expect(demuxLogs(Buffer.concat([frame(1, "listening\n"), frame(2, "warning\n")]))).toBe(
      "listening\nwarning\n",
    );
  });

  it("returns a TTY container's log (no frames) as it is", () => {
    expect(demuxLogs(Buffer.from("plain text log line\n"))).toBe("plain text log line\n");
  });
});

describe("service URLs", () => {
  it("keeps base_url's port when it names this machine, and its path when moved to 127.0.0.1", () => {
    expect(loopbackPort("http://localhost:8765")).toBe(8765);
    expect(loopbackPort("http://127.0.0.1:8000/api")).toBe(8000);
    expect(loopbackPort("http://auth.internal:8765")).toBeUndefined();
    expect(onLoopback("http://localhost:8765/api/", 9000)).toBe("http://127.0.0.1:9000/api");
    expect(healthUrl("http://127.0.0.1:9000/api/", "health")).toBe("http://127.0.0.1:9000/api/health");
  });
});

describe("labels", () => {
  const owner = { pid: 4242, startTime: "99", host: "box" };
  const labels = runLabels("r1", "h1", owner, false, "auth", "service");

  it("record the run, the config hash, the service and the owning CLI", () => {
    expect(labels).toMatchObject({
      [LABEL.runId]: "r1",
      [LABEL.configHash]: "h1",
      [LABEL.service]: "auth",
      [LABEL.ownerPid]: "4242",
      [LABEL.keep]: "false",
    });
  });

  it("make a container an orphan only when its owner on this host is gone and --keep was not asked", () => {
    expect(isOrphan(labels, "box", () => false)).toBe(true);
    expect(isOrphan(labels, "box", () => true)).toBe(false);
    expect(isOrphan(labels, "other-host", () => false)).toBe(false);
    expect(isOrphan(runLabels("r1", "h1", owner, true, "auth", "service"), "box", () => false)).toBe(false);
  });
});

describe("Dockerfile sources", () => {
  it("lists what COPY/ADD take from the context, not from other stages", () => {
    const dockerfile = `FROM x AS build
COPY package.json tsconfig.json ./
COPY --chown=1000:1000 node_modules ./node_modules
COPY ["lib", "/src/lib"]
ADD services/auth \\
    ./services/auth
COPY --from=build /out/server.mjs /app/server.mjs
`;
    expect(dockerfileSources(dockerfile)).toEqual([
      "package.json",
      "tsconfig.json",
      "node_modules",
      "lib",
      "services/auth",
    ]);
  });
});

describe("build context", () => {
  it("sends what .dockerignore lets through, skipping ignored folders unless an exception names them", async () => {
    const root = tempRoot();
    const files = ["a.txt", "big/x.bin", "keep/y.env.example", "keep/z.env", "src/main.ts", "src/debug.log"];
    for (const f of files) {
      mkdirSync(join(root, f, ".."), { recursive: true });
      writeFileSync(join(root, f), f);
    }
    writeFileSync(join(root, ".dockerignore"), "big\n**/*.log\n**/*.env\n!**/*.env.example\n");
    expect((await contextEntries(root)).sort()).toEqual([
      ".dockerignore",
      "a.txt",
      "keep/y.env.example",
      "src/main.ts",
    ]);
  });
});
