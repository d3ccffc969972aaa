// Each keyword the compiler handles, on values either side of it, against Ajv; then what the slow path
// reports (pointer, keyword, parameters) and what the compiler refuses.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { DocumentCompiler } from "../../scripts/compile/schema-compiler.mjs";
import { MAX_DEPTH } from "../../src/runtime/schema-runtime.js";
import { evaluate, verdict } from "./evaluate.js";

const document = {
  components: {
    schemas: {
      Node: {
        type: "object",
        required: ["key"],
        properties: {
          key: { type: "string" },
          children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        },
      },
      Cat: { type: "object", required: ["kind"], properties: { kind: { const: "cat" }, lives: { type: "integer" } } },
      Dog: { type: "object", required: ["kind"], properties: { kind: { const: "dog" }, bark: { type: "boolean" } } },
      Stamp: { type: "string", format: "date-time" },
      // Refers to another component: called, not checked in place.
      Entry: {
        type: "object",
        required: ["id"],
        properties: {
          id: { type: "integer" },
          created_at: { $ref: "#/components/schemas/Stamp" },
          updated_at: { $ref: "#/components/schemas/Stamp", description: "annotations aside, the same schema" },
        },
      },
    },
  },
};

const T1 = "2026-01-05T00:00:00Z";
const T2 = "2026-01-05T17:22:56Z";

const cases: [string, unknown, unknown[]][] = [
  ["type list", { type: ["string", "null"], minLength: 2 }, ["ab", "a", null, 1, [], {}]],
  ["integer and number", { type: "integer", minimum: 1, maximum: 3 }, [0, 1, 3, 4, 1.5, "2", Number.NaN, Infinity]],
  ["exclusive bounds", { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 }, [0, 0.5, 1, -1]],
  ["multipleOf", { type: "number", multipleOf: 5 }, [10, 11, 0, -5]],
  [
    "code points",
    { type: "string", minLength: 2, maxLength: 3 },
    ["😀", "😀😀", "😀😀😀", "😀😀😀😀", "ab", "abcd", "\ud800\ud800"],
  ],
  ["simple pattern", { type: "string", pattern: "^[0-9a-z]+$" }, ["abc1", "ABC", "", "a-b", "é"]],
  ["regex pattern", { type: "string", pattern: "^card://.+" }, ["card://1", "card://", "x"]],
  ["pattern on non-strings", { pattern: "^a$" }, ["a", "b", 1, null]],
  ["formats", { type: "string", format: "date-time" }, ["2026-01-05T00:00:00Z", "2026-01-05", "x"]],
  ["number format", { type: "integer", format: "int32" }, [1, 2 ** 31, -(2 ** 31)]],
  ["enum small", { enum: ["A", "B", null] }, ["A", "C", null, 0]],
  ["enum large", { enum: ["a", "b", "c", "d", "e", "f", "g", 1] }, ["g", 1, "1", "h"]],
  ["enum of objects", { enum: [{ a: 1 }, [1, 2]] }, [{ a: 1 }, { a: 2 }, [1, 2], [2, 1]]],
  ["const object", { const: { a: [1] } }, [{ a: [1] }, { a: [2] }, null]],
  [
    "object keywords",
    {
      type: "object",
      required: ["a", "constructor"],
      properties: { a: { type: "string" }, constructor: { type: "integer" } },
      additionalProperties: false,
      maxProperties: 2,
      dependentRequired: { a: ["constructor"] },
    },
    [{ a: "x", constructor: 1 }, { a: "x" }, {}, { a: "x", constructor: 1, b: 2 }, { constructor: "1" }],
  ],
  [
    "additionalProperties schema",
    { type: "object", properties: { a: {} }, additionalProperties: { type: "integer" } },
    [{ a: "x", b: 1 }, { b: "x" }, { "x/y~": 1.5 }],
  ],
  [
    "items and counts",
    { type: "array", minItems: 1, maxItems: 2, items: { type: "string" } },
    [[], ["a"], ["a", 1], ["a", "b", "c"]],
  ],
  ["allOf", { allOf: [{ type: "string" }, { minLength: 2 }] }, ["ab", "a", 1]],
  ["anyOf", { anyOf: [{ type: "string" }, { type: "integer" }] }, ["a", 1, 1.5, null]],
  ["oneOf", { oneOf: [{ type: "integer" }, { type: "number" }] }, [1, 1.5, "a"]],
  [
    "oneOf with discriminator",
    {
      oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
      discriminator: {
        propertyName: "kind",
        mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
      },
    },
    [{ kind: "cat", lives: 9 }, { kind: "cat", lives: "9" }, { kind: "dog" }, { kind: "cow" }, 1],
  ],
  ["not", { not: { type: "string" } }, ["a", 1]],
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema names the consequence of `if` `then`.
  ["if then else", { if: { type: "string" }, then: { minLength: 2 }, else: { type: "integer" } }, ["ab", "a", 1, 1.5]],
  [
    "recursion",
    { $ref: "#/components/schemas/Node" },
    [
      { key: "a", children: [{ key: "b", children: [] }] },
      { key: "a", children: [{}] },
    ],
  ],
  ["false schema", { properties: { a: false } }, [{}, { a: 1 }]],
  [
    "properties of one format schema, equal or not",
    { $ref: "#/components/schemas/Entry" },
    [
      { id: 1, created_at: T1, updated_at: T1 },
      { id: 1, created_at: T1, updated_at: T2 },
      { id: 1, created_at: T1, updated_at: "2026-01-05" },
      { id: 1, created_at: "2026-01-05", updated_at: "2026-01-05" },
      { id: 1, updated_at: "2026-01-05" },
    ],
  ],
  [
    "a list of a component",
    { type: "array", maxItems: 3, items: { $ref: "#/components/schemas/Entry" } },
    [
      [],
      [{ id: 1 }],
      [{ id: 1, created_at: T1 }, { id: 2 }, { id: 3, updated_at: T2 }],
      [{ id: 1 }, { id: "2" }],
      [{ id: 1 }, 2],
      [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }],
      { id: 1 },
    ],
  ],
];

describe("each keyword agrees with Ajv, fast and slow paths alike", () => {
  const compiler = new DocumentCompiler(document);
  const names = cases.map(([name, schema], index) =>
    compiler.module.compileFunction(schema, { name: `case${index}`, where: name }),
  );
  const functions = evaluate(compiler.module, names);
  const ajv = new Ajv2020({ strict: false, unicodeRegExp: false });
  ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  ajv.addFormat("int32", { type: "number", validate: (n: number) => n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addSchema({ $id: "https://xads.dev/keywords.json", ...document, cases: cases.map(([, schema]) => schema) });
  cases.forEach(([name, , values], index) => {
    it(name, () => {
      const fn = functions[`case${index}`];
      const reference = ajv.getSchema(`https://xads.dev/keywords.json#/cases/${index}`);
      if (!fn || !reference) throw new Error("not compiled");
      for (const value of values) {
        const ours = verdict(fn, value);
        expect([value, ours.fast, ours.slow, ours.errors.length > 0]).toEqual([
          value,
          reference(value),
          reference(value),
          !reference(value),
        ]);
      }
    });
  });
});

describe("the slow path's errors", () => {
  const compiler = new DocumentCompiler(document);
  const run = (schema: unknown, value: unknown) => {
    const name = compiler.module.compileFunction(schema, { where: "test" });
    return verdict(evaluate(compiler.module, [name])[name] as never, value).errors;
  };
  it("names the place by JSON pointer, the keyword and its parameters", () => {
    const schema = { type: "object", properties: { "a/b": { type: "array", items: { type: "integer", maximum: 3 } } } };
    expect(run(schema, { "a/b": [1, 5] })).toEqual([
      { instancePath: "/a~1b/1", keyword: "maximum", params: { limit: 3 } },
    ]);
  });
  it("explains a discriminated union by the branch the value names, and by nothing else", () => {
    const schema = {
      oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
      discriminator: {
        propertyName: "kind",
        mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
      },
    };
    // The union's own "matches none" would only repeat what the named branch says.
    expect(run(schema, { kind: "cat", lives: "9" }).map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      "/lives type",
    ]);
    expect(run(schema, { kind: "cow" }).map((e) => `${e.instancePath} ${e.keyword}`)).toEqual(["/kind discriminator"]);
  });
  it("explains a union whose branches imply a discriminator as a discriminated one", () => {
    // Each branch requires `command` with values of its own, or forbids it (`false`): what OpenAPI 3.1's
    // discriminator cannot say, since it needs the property in every branch.
    const init = {
      type: "object",
      required: ["command"],
      properties: { command: { enum: ["INIT"] }, total_bytes: { type: "integer" } },
    };
    const finalize = { type: "object", required: ["command"], properties: { command: { const: "FINALIZE" } } };
    const simple = { type: "object", properties: { command: false, media: { type: "string" } }, required: ["media"] };
    const schema = { oneOf: [init, finalize, simple] };
    const errors = (value: unknown) => run(schema, value).map((e) => `${e.instancePath} ${e.keyword}`);
    expect(errors({ command: "INIT", total_bytes: "x" })).toEqual(["/total_bytes type"]);
    // Without the property: the branch that forbids it.
    expect(errors({ media: 5 })).toEqual(["/media type"]);
    expect(errors({ total_bytes: 1 })).toEqual([" required"]);
    expect(errors({ command: "STATUS" })).toEqual(["/command discriminator"]);
  });
  it("explains any other union by every branch, then the union", () => {
    const schema = { oneOf: [{ type: "string" }, { type: "integer" }] };
    expect(run(schema, true).map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([" type", " type", " oneOf"]);
    // Branches that share a value imply nothing.
    const shared = {
      oneOf: [
        { type: "object", required: ["kind"], properties: { kind: { enum: ["a"] }, n: { type: "integer" } } },
        { type: "object", required: ["kind"], properties: { kind: { enum: ["a", "b"] } }, maxProperties: 1 },
      ],
    };
    expect(run(shared, { kind: "a", n: "x" }).map((e) => e.keyword)).toContain("oneOf");
  });
  it("stops a recursion past the depth limit with an error, not a stack overflow", () => {
    let tree: Record<string, unknown> = { key: "leaf" };
    for (let i = 0; i < 10_000; i++) tree = { key: "k", children: [tree] };
    const errors = run({ $ref: "#/components/schemas/Node" }, tree);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.keyword).toBe("depth");
    expect(errors[0]?.params).toEqual({ limit: MAX_DEPTH });
    // The root node and MAX_DEPTH - 1 levels of children pass; the next level is refused.
    expect(errors[0]?.instancePath.split("/children/0")).toHaveLength(MAX_DEPTH + 1);
  });
  it("checks a list of a component in one call, each item's errors at its own place", () => {
    const list = { type: "array", items: { $ref: "#/components/schemas/Entry" } };
    const errors = run(list, [{ id: 1 }, { id: "2" }, { id: 3, created_at: "x", updated_at: "x" }, null]);
    expect(errors.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      "/1/id type",
      "/2/created_at format",
      // Equal to the invalid created_at: reported as well, not skipped.
      "/2/updated_at format",
      "/3 type",
    ]);
    expect(compiler.module.listed.has("s_Entry")).toBe(true);
    // A recursive component counts the depth per item: its items are called one by one.
    expect(compiler.module.listed.has("s_Node")).toBe(false);
    expect(run({ $ref: "#/components/schemas/Entry" }, { id: 1, updated_at: "x" })).toEqual([
      { instancePath: "/updated_at", keyword: "format", params: { format: "date-time" } },
    ]);
  });
  it("reads no property from the prototype", () => {
    const schema = {
      type: "object",
      required: ["toString", "__proto__"],
      properties: { toString: { type: "string" } },
    };
    expect(run(schema, {}).map((e) => e.params.missingProperty)).toEqual(["toString", "__proto__"]);
    expect(run(schema, JSON.parse('{"toString":"x","__proto__":"y"}'))).toEqual([]);
  });
});

describe("what the compiler refuses", () => {
  const compile = (schema: unknown) => () =>
    new DocumentCompiler(document).module.compileFunction(schema, { where: "GET /x response 200" });
  it("a keyword it does not know, naming it and the place", () => {
    expect(compile({ type: "array", uniqueItems: true })).toThrow(
      'GET /x response 200: the keyword "uniqueItems" is not supported by the validator\'s compiler',
    );
  });
  it("a $ref that points nowhere or outside the bundle", () => {
    expect(compile({ $ref: "#/components/schemas/Missing" })).toThrow(
      "the $ref #/components/schemas/Missing points nowhere",
    );
    expect(compile({ $ref: "other.yaml#/A" })).toThrow("the $ref other.yaml#/A is not local to the bundle");
  });
});
