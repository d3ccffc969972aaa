// The generator refuses what the validator cannot enforce, with a message naming the place and the fix.
import { describe, expect, it } from "vitest";
import { generateModules } from "../scripts/generate-modules.mjs";
import { fixtureDir } from "./fixtures/generate-fixture.js";

function documentWith(operation: Record<string, unknown>) {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: { "/x": { get: { operationId: "getThing", responses: { "200": { description: "ok" } }, ...operation } } },
  };
}

const generate = (document: Record<string, unknown>) => () =>
  generateModules([{ name: "broken", document }], fixtureDir("broken"));

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
    expect(generate(document)).toThrow(/format\(s\) hostname are not supported/);
  });

  it("fails when two documents use the same operationId", () => {
    const document = documentWith({});
    expect(() =>
      generateModules(
        [
          { name: "one", document },
          { name: "two", document },
        ],
        fixtureDir("duplicate"),
      ),
    ).toThrow(/operationId getThing is used by one and two/);
  });
});
