// Docker's build errors, said in terms of e2e.conf: what went wrong, in one sentence naming the
// setting to change, then Docker's own words (and the last lines of the build, when there are any).

import type { BuildContext } from "./build-context-choice.js";

interface Rule {
  /** Docker's wording (classic builder and BuildKit alike). */
  match: RegExp;
  hint: (name: string, ctx: BuildContext) => string;
}

const RULES: Rule[] = [
  {
    match: /outside (of )?the build context|forbidden path outside|must be within the build context/i,
    hint: (name, ctx) =>
      `the Dockerfile copies from outside its build context ${ctx.context} (${ctx.why}): ` +
      `set services.${name}.build_context in e2e.conf to the folder its COPY paths are relative to`,
  },
  {
    match:
      /cannot locate specified dockerfile|unable to prepare context|dockerfile.*(not found|no such file)/i,
    hint: (name, ctx) =>
      `Docker found no ${ctx.dockerfile} in the build context ${ctx.context}: ` +
      `check services.${name}.maven_module (the folder holding the Dockerfile) and services.${name}.build_context`,
  },
  {
    match: /COPY failed|ADD failed|failed to compute cache key|not found: not found/i,
    hint: (name, ctx) =>
      `a file the Dockerfile copies is not in its build context ${ctx.context} (${ctx.why}), or its ` +
      `.dockerignore leaves it out: set services.${name}.build_context in e2e.conf to the folder its COPY paths are relative to`,
  },
  {
    match:
      /pull access denied|manifest (for .* )?unknown|failed to resolve source metadata|no such host|toomanyrequests|repository does not exist/i,
    hint: (name) =>
      `the Dockerfile's base image cannot be pulled here: build it locally (or set E2E_NODE_IMAGE for a Node base), ` +
      `or set services.${name}.image in e2e.conf to an image this machine has`,
  },
];

/** The error to report for a failed build of service `name`'s image. */
export function dockerBuildError(name: string, ctx: BuildContext, error: unknown): Error {
  const said = error instanceof Error ? error.message : String(error);
  const rule = RULES.find((r) => r.match.test(said));
  const hint = rule
    ? rule.hint(name, ctx)
    : `check services.${name}.maven_module (its Dockerfile) and services.${name}.build_context (now ${ctx.context})`;
  return new Error(`image build failed: ${hint}. Docker said: ${said}`, { cause: error });
}
