import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../src/layout.mjs";

describe("the Node the suites run on", () => {
  it("is the one the run asked for (test:node24 sets XADS_TEST_NODE), and one the engines allow", () => {
    const requested = process.env.XADS_TEST_NODE;
    if (requested) expect(process.version).toBe(`v${requested}`);
    const { engines } = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8"));
    expect(engines.node).toBe(">=20.19");
    const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
    expect(major > 20 || (major === 20 && minor >= 19), `Node ${process.version}`).toBe(true);
  });
});
