// `e2e init [path]`: initProject (controller/src/init) writes the files; this prints what was
// written and what to do next. An error becomes its exit code in commandFailed, as for every command.

import { commandFailed, shown } from "./command-errors.js";
import { typescriptRange } from "./package-version.js";

export async function initCommand(
  path: string,
  opts: { force?: boolean; name?: string; baseUrl?: string; health?: string },
): Promise<number> {
  try {
    const { initProject, nextSteps } = await import("../init/index.js");
    const typescript = typescriptRange();
    const result = await initProject(path, {
      ...opts,
      force: !!opts.force,
      ...(typescript ? { typescript } : {}),
    });
    const lines = result.written.map((f) => `  created ${shown(f)}`);
    process.stdout.write(`${[...lines, ...nextSteps(result, shown(result.root))].join("\n")}\n`);
    return 0;
  } catch (err) {
    return commandFailed("init", err);
  }
}
