// Every kind module of the spec's registry says the same thing in each of its parts: its example has its
// schema's shape and every reference field is found in it, its sentence reads, its defaults are optional
// fields, its table cells stay in their column.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadSpec } from "../lib/model.mjs";
import { registry } from "./index.mjs";
import { ruleShapeErrors } from "./shape.mjs";

describe("the x-rules kinds", () => {
  it("are the eleven of the spec, in the order of the schema", () => {
    assert.deepEqual(registry.names, [
      "compare",
      "exclusive",
      "requires",
      "conditional",
      "max-total-items",
      "time-window",
      "max-ahead",
      "max-body-bytes",
      "max-tree-leaves",
      "uniform",
      "media-keys-mix",
    ]);
  });

  for (const kind of registry.kinds) {
    describe(kind.name, () => {
      it("has an example of its shape, with its defaults filled in too", () => {
        assert.deepEqual(ruleShapeErrors(registry, kind.example), []);
        assert.deepEqual(ruleShapeErrors(registry, { ...kind.defaults, ...kind.example }), []);
      });

      it("refuses its example without each required field", () => {
        for (const field of kind.schema.required) {
          const { [field]: _, ...without } = kind.example;
          assert.notDeepEqual(ruleShapeErrors(registry, without), [], `${kind.name} without ${field}`);
        }
      });

      it("finds a reference in each reference field of its example", () => {
        const fields = registry.referencesOf(kind.example).map((r) => r.field);
        assert.deepEqual([...new Set(fields)], Object.keys(kind.references));
      });

      it("reads its example as one line", () => {
        const sentence = registry.describe(kind.example);
        assert.ok(sentence && !sentence.includes("\n"), `${kind.name}: ${sentence}`);
      });

      it("has table cells without a bare |", () => {
        for (const cell of Object.values(kind.readme)) assert.doesNotMatch(cell, /(^|[^\\])\|/);
      });
    });
  }

  it("know every rule of the bundles, and parse each reference once", () => {
    const operations = loadSpec().operations();
    const parsed = operations.flatMap((operation) => operation.parsedRules);
    assert.ok(parsed.length > 0);
    for (const rule of parsed) {
      assert.ok(rule.kind, `${rule.id}: kind ${rule.rule.kind} is not in the registry`);
      assert.equal(rule.kind.name, rule.rule.kind);
      for (const reference of rule.references) assert.ok(reference.parsed.in, reference.reference);
    }
  });
});
