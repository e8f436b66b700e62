// package.json and tsconfig.json for a suite folder, written by `e2e init` only when absent: they
// let editors and `tsc --noEmit` check pages and modules against the installed gantry's types.
// TypeScript itself is a devDependency of the package.json written here (`npm install` brings it;
// without it `npx tsc` offers an unrelated package named "tsc").

/** The version a package.json written by init starts at (npm init's). */
export const NEW_PACKAGE_VERSION = "1.0.0";

export function packageJson(folderName: string, typescript: string | undefined): string {
  const name =
    folderName
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[._-]+/, "") || "e2e-suite";
  const pkg = {
    name,
    version: NEW_PACKAGE_VERSION,
    private: true,
    type: "module",
    scripts: { test: "e2e run", typecheck: "tsc --noEmit" },
    ...(typescript ? { devDependencies: { typescript } } : {}),
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

export const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      lib: ["ES2023"],
      types: ["node"],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
    include: ["services"],
  },
  null,
  2,
)}\n`;
