// A kind added through the registry is picked up everywhere the registry is read: the schema and the
// tables it generates, the reference check, the docs sentence. The throw-away kind below lives only in
// this test's registry.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { operationsOf, specDir } from "../lib/model.mjs";
import { checkGenerated, generatedFiles, schemaText, specTable, validatorTable } from "./generate.mjs";
import { createRegistry, registry } from "./index.mjs";
import { code } from "./markdown.mjs";
import { landReferences } from "./references.mjs";
import { condition, ref } from "./schema.mjs";
import { shapeProblems } from "./shape.mjs";

/** @type {import("./registry.mjs").RuleKind} */
const atLeastOne = {
  name: "at-least-one",
  schema: {
    required: ["parameters"],
    properties: {
      parameters: { type: "array", minItems: 2, items: ref },
      unless: condition,
      quiet: { type: "boolean" },
    },
  },
  references: { parameters: "list", unless: "condition" },
  defaults: { quiet: false },
  describe: (rule) =>
    `at least one of ${rule.parameters.map(code).join(", ")}${rule.unless ? ` unless ${code(rule.unless.parameter)} is sent` : ""}${rule.quiet ? " (quiet)" : ""}`,
  example: {
    id: "a-or-b",
    kind: "at-least-one",
    description: "Send a or b.",
    error: "MISSING_PARAMETER",
    parameters: ["query.a", "query.b"],
  },
  runtime: undefined,
  readme: {
    fields: "`parameters`, `unless` (a condition)",
    meaning: "at least one of them is present",
    error: "MISSING_PARAMETER",
    holds: "at least one of `parameters` is sent",
  },
};

const withThrowAway = createRegistry([...registry.kinds, atLeastOne]);
const rule = {
  ...atLeastOne.example,
  parameters: ["query.a", "query.b"],
  unless: { parameter: "body.c", present: true },
};

describe("a kind added through the registry", () => {
  it("is in the generated schema: the kind enum and its own entry", () => {
    const schema = /** @type {any} */ (withThrowAway.schema());
    assert.deepEqual(schema.$defs.rule.properties.kind.enum, [...registry.names, "at-least-one"]);
    assert.deepEqual(schema.$defs.rule.allOf.at(-1), {
      if: { properties: { kind: { const: "at-least-one" } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
      then: atLeastOne.schema,
    });
    assert.match(schemaText(withThrowAway), /"const": "at-least-one"/);
    assert.doesNotMatch(schemaText(registry), /at-least-one/);
  });

  it("is checked for its shape", () => {
    assert.deepEqual(shapeProblems(withThrowAway, [rule]), []);
    assert.deepEqual(shapeProblems(registry, [rule]), [
      { path: ["0", "kind"], message: "x-rules/0/kind must be equal to one of the allowed values" },
    ]);
    const { parameters: _, ...noParameters } = rule;
    assert.deepEqual(
      shapeProblems(withThrowAway, [noParameters]).map((p) => p.message),
      ["x-rules/0 must have required property 'parameters'"],
    );
  });

  it("has its references found, parsed and checked against the operation", () => {
    const parsed = withThrowAway.parse(rule);
    assert.equal(parsed.kind, atLeastOne);
    assert.deepEqual(
      parsed.references.map((r) => [r.path, r.reference, r.parsed.in]),
      [
        [["parameters", 0], "query.a", "query"],
        [["parameters", 1], "query.b", "query"],
        [["unless", "parameter"], "body.c", "body"],
      ],
    );
    const operation = {
      parameters: [{ in: "query", name: "a" }],
      body: { type: "object", properties: { d: { type: "string" } } },
      document: {},
    };
    assert.deepEqual(
      landReferences(parsed, operation)
        .filter((r) => r.problem)
        .map((r) => `${r.path.join("/")}: ${r.reference} ${r.problem}`),
      ["parameters/1: query.b is not a parameter", "unless/parameter: body.c is not in the request body schema"],
    );
    assert.deepEqual(registry.parse(rule).references, [], "the spec's registry does not know the kind");
  });

  it("reads in the docs, with its defaults filled in", () => {
    assert.equal(withThrowAway.describe(rule), "at least one of `query.a`, `query.b` unless `body.c` is sent");
    assert.equal(withThrowAway.describe({ ...rule, quiet: true })?.endsWith(" (quiet)"), true);
    assert.equal(registry.describe(rule), undefined);
  });

  it("is a row of each kinds table; the validator's lists only kinds with a runtime check", () => {
    assert.match(specTable(withThrowAway), /\n\| `at-least-one` +\| `parameters`, `unless` \(a condition\) +\|/);
    assert.doesNotMatch(validatorTable(withThrowAway), /at-least-one/);
    assert.match(validatorTable(createRegistry([{ ...atLeastOne, runtime: "at-least-one" }])), /`at-least-one`/);
  });

  it("is read by the model's parsedRules", () => {
    const bundle = {
      openapi: "3.1.0",
      paths: {
        "/x": {
          get: {
            operationId: "getX",
            parameters: [{ name: "a", in: "query", schema: { type: "string" } }],
            "x-rules": [rule],
            responses: {},
          },
        },
      },
    };
    const [operation] = operationsOf("fixture", bundle, { rules: withThrowAway });
    assert.equal(operation?.parsedRules[0]?.kind, atLeastOne);
    assert.equal(operationsOf("fixture", bundle)[0]?.parsedRules[0]?.kind, undefined);
  });
});

describe("the generated files", () => {
  const root = join(specDir, "..");
  const copy = mkdtempSync(join(tmpdir(), "xads-x-rules-"));
  after(() => rmSync(copy, { recursive: true, force: true }));

  it("are what the spec's registry gives (x-rules.schema.json, the kinds tables)", () => {
    assert.deepEqual(checkGenerated(registry, root), []);
    assert.deepEqual(JSON.parse(readFileSync(join(specDir, "x-rules.schema.json"), "utf8")), registry.schema());
  });

  it("drift when a kind is added, until the command writes them", () => {
    for (const { path } of generatedFiles(registry)) {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      cpSync(join(root, path), join(copy, path));
    }
    assert.deepEqual(checkGenerated(withThrowAway, copy), [
      "spec/x-rules.schema.json differs from spec/rules/kinds/: run `node scripts/x-rules-schema.mjs` in spec/",
      "spec/README.md differs from spec/rules/kinds/: run `node scripts/x-rules-schema.mjs` in spec/",
    ]);
    // What scripts/x-rules-schema.mjs does, with this registry.
    for (const { path, expected } of generatedFiles(withThrowAway)) {
      writeFileSync(join(copy, path), expected(readFileSync(join(copy, path), "utf8")));
    }
    assert.deepEqual(checkGenerated(withThrowAway, copy), []);
    assert.match(readFileSync(join(copy, "spec/README.md"), "utf8"), /\| `at-least-one` +\|/);
    assert.match(readFileSync(join(copy, "spec/x-rules.schema.json"), "utf8"), /"at-least-one"/);
  });
});

describe("the registry", () => {
  it("refuses a kind whose reference fields disagree with its schema, or a name used twice", () => {
    assert.throws(
      () => createRegistry([{ ...atLeastOne, references: { parameters: "reference", unless: "condition" } }]),
      /reference field parameters is declared reference but its schema is not one/,
    );
    assert.throws(
      () => createRegistry([{ ...atLeastOne, references: { parameters: "list" } }]),
      /field unless is a condition of references; list it in references/,
    );
    assert.throws(
      () => createRegistry([{ ...atLeastOne, defaults: { parameters: [] } }]),
      /default for parameters, which is not an optional field/,
    );
    assert.throws(() => createRegistry([atLeastOne, atLeastOne]), /"at-least-one" is registered twice/);
  });
});
