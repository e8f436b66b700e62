// ARCHITECTURE.md's layout table is the map of the repository: every part folder must be on it,
// or a new part goes unexplained (STYLE.md, "docs that cannot drift"). The part folders are the
// top-level folders and the folders of each area made of parts (controller/src, lib, services),
// as committed: a folder only in someone's working tree is not a part yet.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const AREAS = ["controller/src", "lib", "services"];

/** Folders under `dir` (the repository root when empty) at HEAD; the checkout's when git is absent. */
function folders(dir: string): string[] {
  try {
    const out = execFileSync("git", ["ls-tree", "-d", "--name-only", "HEAD", dir ? `${dir}/` : "."], {
      cwd: ROOT,
      encoding: "utf8",
    });
    return out.split("\n").filter(Boolean);
  } catch {
    return readdirSync(join(ROOT, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !["node_modules", "dist"].includes(e.name))
      .map((e) => (dir ? `${dir}/${e.name}` : e.name));
  }
}

/** The "## Layout" section's table: the backticked paths of its first column. */
function layoutPaths(): Set<string> {
  const text = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");
  const section = /^## Layout\n([\s\S]*?)^## /m.exec(text)?.[1] ?? "";
  const firstCells = section
    .split("\n")
    .flatMap((line) => (/^\| /.test(line) ? [line.split(" | ")[0]!] : []));
  return new Set(
    firstCells.flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, ""))),
  );
}

describe("ARCHITECTURE.md's layout table", () => {
  const listed = layoutPaths();
  const parts = [
    ...folders("").filter((f) => !f.startsWith(".")),
    ...AREAS.flatMap((area) => folders(area)),
  ].filter((f) => !AREAS.includes(f) && f !== "controller");

  it("is found, and lists paths", () => {
    expect(listed.size).toBeGreaterThan(10);
  });

  it("names every part folder: each top-level folder and each folder of controller/src, lib and services", () => {
    // A folder is named by its own row or by a file of it (bin/e2e.js names bin/).
    const named = (part: string) => [...listed].some((p) => p === part || p.startsWith(`${part}/`));
    expect(parts.filter((part) => !named(part))).toEqual([]);
    expect(parts.length).toBeGreaterThan(20);
  });
});
