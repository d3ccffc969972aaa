// The generator refuses what the validator cannot enforce, with a message naming the place and the fix.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, registry } from "@xads/spec/rules/index.mjs";
import { describe, expect, it } from "vitest";
import { generateModules } from "../scripts/generate-modules.mjs";
import { fixtureDir, generateFixture, source } from "./fixtures/generate-fixture.js";
import { rulesDocument } from "./fixtures/rules-document.js";

function documentWith(operation: Record<string, unknown>) {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: { "/x": { get: { operationId: "getThing", responses: { "200": { description: "ok" } }, ...operation } } },
  };
}

const generate = (document: Record<string, unknown>) => () =>
  generateModules([source("broken", document)], fixtureDir("broken"));

describe("generate", () => {
  it("fails on an x-rules kind it does not implement, naming document, operation, rule and kind", () => {
    const document = documentWith({
      parameters: [{ name: "a", in: "query", schema: { type: "string" } }],
      "x-rules": [
        {
          id: "new-kind",
          kind: "fancy",
          description: "Something new.",
          error: "INVALID_PARAMETER",
          parameters: ["query.a"],
        },
      ],
    });
    expect(generate(document)).toThrow(
      /broken getThing x-rules "new-kind": kind "fancy" is not implemented by @xads\/validator/,
    );
  });

  it("refuses a kind of the registry without a runtime check, naming the module to write", () => {
    const [exclusive] = registry.kinds.filter((kind) => kind.name === "exclusive");
    if (!exclusive) throw new Error("exclusive is a kind of the spec");
    const throwAway = {
      ...exclusive,
      name: "at-least-one",
      runtime: undefined,
      example: { ...exclusive.example, kind: "at-least-one" },
    };
    const kinds = createRegistry([...registry.kinds, throwAway]);
    const document = documentWith({
      parameters: [
        { name: "a", in: "query", schema: { type: "string" } },
        { name: "b", in: "query", schema: { type: "string" } },
      ],
      "x-rules": [
        {
          id: "a-or-b",
          kind: "at-least-one",
          description: "A or b.",
          error: "MISSING_PARAMETER",
          parameters: ["query.a", "query.b"],
        },
      ],
    });
    const run = (rules: typeof kinds) => () =>
      generateModules([source("broken", document, rules)], fixtureDir("broken"), { registry: rules });
    expect(run(kinds)).toThrow(
      /kind "at-least-one" is not implemented by @xads\/validator \(implemented: compare, .*\)\. Write its check, packages\/validator\/src\/runtime\/rules\/kinds\/at-least-one\.ts, and name it in spec\/rules\/kinds\/at-least-one\.mjs/,
    );
    // Named by the registry, a runtime module is what the operation imports for the kind.
    const dir = fixtureDir("throw-away");
    generateModules([source("throw-away", document, kinds)], dir, {
      registry: createRegistry([...registry.kinds, { ...throwAway, runtime: "exclusive" }]),
      runtimeDir: join(import.meta.dirname, "../src/runtime"),
    });
    const module = readFileSync(join(dir, "operations", "getThing.ts"), "utf8");
    expect(module).toContain(
      'import { defineOperation, exclusiveCheck as atLeastOneCheck, isRecord } from "../shared.js";',
    );
    expect(module).toContain('checks: { "at-least-one": atLeastOneCheck },');
  });

  it("imports into each operation only the checks of its rules' kinds, and the references parsed", () => {
    const dir = generateFixture("imports", rulesDocument);
    const module = readFileSync(join(dir, "operations", "exclusiveFixture.ts"), "utf8");
    expect(module.match(/^import .* from "\.\.\/shared\.js";$/gm)).toEqual([
      'import { defineOperation, exclusiveCheck, isRecord } from "../shared.js";',
    ]);
    expect(module).toContain(
      '"parsedReferences":{"query.with_total":{"in":"query","name":"with_total","steps":[]},"query.cursor":{"in":"query","name":"cursor","steps":[]}}',
    );
    expect(readFileSync(join(dir, "operations", "compareFixture.ts"), "utf8")).not.toContain("exclusiveCheck");
  });

  it("fails on a rule that does not match x-rules.schema.json", () => {
    const document = documentWith({
      parameters: [{ name: "a", in: "query", schema: { type: "integer" } }],
      "x-rules": [
        {
          id: "bad",
          kind: "compare",
          description: "No right side.",
          error: "INVALID_PARAMETER",
          left: "query.a",
          operator: "<=",
        },
      ],
    });
    expect(generate(document)).toThrow(/x-rules "bad": does not match spec\/x-rules.schema.json: .*right/);
  });

  it("fails on a rule that names a parameter the operation does not have", () => {
    const document = documentWith({
      parameters: [{ name: "a", in: "query", schema: { type: "integer" } }],
      "x-rules": [
        {
          id: "ghost",
          kind: "exclusive",
          description: "Ghost.",
          error: "EXCLUSIVE_PARAMETERS",
          parameters: ["query.a", "query.b"],
        },
      ],
    });
    expect(generate(document)).toThrow(/getThing rule ghost: query.b is not a parameter of the operation/);
  });

  it("fails on a format it has no check for", () => {
    const document = documentWith({
      parameters: [{ name: "a", in: "query", schema: { type: "string", format: "hostname" } }],
    });
    expect(generate(document)).toThrow(
      /getThing request: the format "hostname" is not supported by @xads\/validator; add its check to src\/runtime\/formats.ts/,
    );
  });

  it("fails when two documents use the same operationId", () => {
    const document = documentWith({});
    expect(() => generateModules([source("one", document), source("two", document)], fixtureDir("duplicate"))).toThrow(
      /operationId getThing is used by one and two/,
    );
  });
});
