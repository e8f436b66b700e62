// A process that writes the code graph into an embedded store as fast as it can, from 16
// concurrent writers, until it is killed: each writer adds a new file (importing the previous
// file it wrote, one symbol referencing the previous file's symbol) and now and then removes an
// older one. A line is printed only once its write resolved (durable): `ACK put <path> <count>` (count:
// files acknowledged so far) or `ACK del <path>`. stdout to a pipe is synchronous on Linux, so a printed line was acknowledged
// before any kill that follows it. Usage: node --import tsx code-writer-process.ts <dataDir>
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { codeWriterFile } from "./code-writer-files.js";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: code-writer-process.ts <dataDir>");
const store = new EmbeddedGraphStore({ dataDir });
await store.init();
process.stdout.write("READY\n");

let acknowledged = 0;

async function writer(w: number): Promise<void> {
  for (let n = 0; ; n++) {
    await store.writeCodeFiles({ repo: "app", upsert: [codeWriterFile(w, n)], remove: [] });
    process.stdout.write(`ACK put ${codeWriterFile(w, n).file.path} ${++acknowledged}\n`);
    if (n % 5 === 4) {
      const old = codeWriterFile(w, n - 4).file.path;
      await store.writeCodeFiles({ repo: "app", upsert: [], remove: [old] });
      process.stdout.write(`ACK del ${old}\n`);
    }
  }
}

await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
