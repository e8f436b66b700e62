// Awaiting what a child process writes: a pattern, or a text taken literally.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { watchOutput } from "../process-output.js";

const printing = (text: string) =>
  watchOutput(spawn(process.execPath, ["-e", `process.stdout.write(${JSON.stringify(text)})`]));

describe("watchOutput", () => {
  it("waits for a text taken literally, regular-expression characters and all", async () => {
    const output = printing("ready: /data/x.log:2 (repaired) [ok]\n");
    const match = await output.waitFor("/data/x.log:2 (repaired) [ok]", 10_000);
    expect(match[0]).toBe("/data/x.log:2 (repaired) [ok]");
    expect(match.index).toBe(7);
  });

  it("rejects, naming the text and the output, when the process ends without writing it", async () => {
    const output = printing("something else\n");
    await expect(output.waitFor("x.log (repaired)", 10_000)).rejects.toThrow(
      /ended without writing "x\.log \(repaired\)"; its output:\nsomething else/,
    );
  });
});
