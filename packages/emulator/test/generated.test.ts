// src/generated is committed; the check compares the committed version (git HEAD) with a fresh
// generation, so that the build's own regeneration cannot hide a hand edit.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { committedFiles, drift, generate } from "../scripts/generate.mjs";

const git = (cwd: string, ...args: string[]) => {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
};

/** A throw-away repository holding `files` as its one commit. */
function repositoryOf(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "xads-generated-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  git(dir, "init", "-q");
  git(dir, "add", ".");
  git(dir, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "generated");
  return dir;
}

describe("src/generated", () => {
  it("is committed as scripts/generate.mjs makes it of the spec now (run `pnpm generate` and commit when this fails)", () => {
    expect(drift()).toEqual([]);
  });

  it("a hand edit, a missing file and a stray one are caught in the committed version", () => {
    const files = generate();
    const edited = { ...files, "ads.ts": files["ads.ts"]?.replace('"mockPort": 4011', '"mockPort": 4999') ?? "" };
    delete (edited as Record<string, string>)["upload.ts"];
    const stray = { ...edited, "extra.ts": "export {};\n" };
    expect(drift(committedFiles(repositoryOf(stray)))).toEqual(["ads.ts", "upload.ts", "extra.ts"]);
    expect(drift(committedFiles(repositoryOf(files)))).toEqual([]);
  });
});
