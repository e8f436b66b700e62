// `e2e init [path]`: initProject (controller/src/init) writes the files; this prints and maps errors.

import { relative } from "node:path";

export async function initCommand(
  path: string,
  opts: { force?: boolean; name?: string; baseUrl?: string; health?: string },
): Promise<number> {
  const { initProject } = await import("../init/index.js");
  try {
    const { written } = await initProject(path, { ...opts, force: !!opts.force });
    const shown = written.map((f) => `  created ${relative(process.cwd(), f) || f}`);
    process.stdout.write(`${shown.join("\n")}\nNext: edit e2e.conf, then run \`e2e run\`.\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`e2e init: ${(err as Error).message}\n`);
    return 2;
  }
}
