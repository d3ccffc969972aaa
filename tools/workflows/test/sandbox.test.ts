// The sandbox command: it refuses to start without credentials, prints none, and skips (with the
// reason) the workflows the real sandbox cannot run.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readWorkflows } from "../src/catalog.mjs";

const main = fileURLToPath(new URL("../src/main.mjs", import.meta.url));
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [main, "--sandbox"], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env } });

describe("xads-workflows --sandbox", () => {
  it("refuses without credentials, naming the missing variables, before running anything", () => {
    const result = run({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "set XADS_OAUTH_CONSUMER_KEY, XADS_OAUTH_CONSUMER_SECRET, XADS_OAUTH_TOKEN, XADS_OAUTH_TOKEN_SECRET",
    );
    expect(result.stdout).toBe("");
  });

  it("never prints a credential it was given", () => {
    const result = run({ XADS_OAUTH_CONSUMER_KEY: "key-1234567", XADS_OAUTH_TOKEN_SECRET: "token-secret-7654321" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("set XADS_OAUTH_CONSUMER_SECRET, XADS_OAUTH_TOKEN ");
    expect(result.stdout + result.stderr).not.toMatch(/key-1234567|token-secret-7654321/);
  });

  it("tags the workflows the sandbox cannot run with a reason", () => {
    const skipped = readWorkflows().filter((w) => w.sandboxSkip);
    expect(skipped.map((w) => w.workflowId)).toContain("threeLeggedOAuth");
    for (const w of skipped) expect(w.sandboxSkip, w.workflowId).toMatch(/\w+ \w+ \w+/);
  });
});
