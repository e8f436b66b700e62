import { codeGraphParser } from "/work/main/controller/src/manifest/code-graph-parser.js";
import { scanService } from "/work/main/controller/src/manifest/scan-service.js";
const r = await scanService({ name: "x", root: process.argv[2]!, displayRoot: ".", parser: codeGraphParser });
console.log(r.service.frameworks, r.service.endpoints.length);
for (const e of r.service.endpoints.slice(0, Number(process.argv[3] ?? 20)))
  console.log(e.method, e.path, e.file, e.line);
