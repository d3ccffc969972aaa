// The validator implements every kind of the spec's registry (spec/rules/): the runtime module each kind
// names is in src/runtime/rules/kinds/, there is no other, and the Rule union lists each one.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { registry } from "@xads/spec/rules/index.mjs";
import { describe, expect, it } from "vitest";

const runtime = join(import.meta.dirname, "../src/runtime/rules");

describe("x-rules kinds", () => {
  it("has a runtime module for each kind of the registry, and no other", () => {
    const modules = readdirSync(join(runtime, "kinds"))
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.slice(0, -3))
      .sort();
    expect(registry.kinds.map((kind) => kind.runtime).sort()).toEqual(modules);
  });

  it("types each of them in the Rule union", () => {
    const union = readFileSync(join(runtime, "rule.ts"), "utf8");
    for (const kind of registry.kinds) expect(union).toContain(`from "./kinds/${kind.runtime}.js"`);
  });

  it("exports a check from each runtime module", async () => {
    for (const kind of registry.kinds) {
      const module = await import(join(runtime, "kinds", `${kind.runtime}.ts`));
      expect(typeof module.check, kind.name).toBe("function");
    }
  });
});
