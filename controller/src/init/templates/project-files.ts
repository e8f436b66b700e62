// package.json and tsconfig.json for a suite folder, written by `e2e init` only when absent: they
// let editors and `tsc --noEmit` check pages and modules against the installed gantry's types.

export function packageJson(folderName: string): string {
  const name =
    folderName
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[._-]+/, "") || "e2e-suite";
  const pkg = {
    name,
    private: true,
    type: "module",
    scripts: { test: "e2e run", typecheck: "tsc --noEmit" },
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
