// The generated validators are a view of the operation catalogue: each operation's parameters, body and
// answers carry the catalogue's coercion plans and media types, and the catalogue's plan has the shape
// of the runtime's.
import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";
import type { CoercionPlan as CataloguePlan } from "@xads/spec/lib/coercion-plans.mjs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { getOperation } from "../src/index.js";
import type { CoercionPlan } from "../src/runtime/types.js";

const catalogue = loadCatalogue();

describe("the generated validators as a view of the catalogue", () => {
  it("read coercion plans of the runtime's shape", () => {
    expectTypeOf<CataloguePlan>().toEqualTypeOf<CoercionPlan>();
  });

  it("carry every operation's parameters, body and answers as the catalogue describes them", () => {
    expect(catalogue.operations.length).toBeGreaterThan(100);
    for (const operation of catalogue.operations) {
      const validator = getOperation(operation.id);
      const parameters = operation.parameters
        .filter((p) => p.in !== "cookie" && !p.ignored)
        .map((p) => ({
          name: p.in === "header" ? p.name.toLowerCase() : p.name,
          in: p.in,
          required: p.required,
          commaSeparated: p.commaSeparated,
          plan: p.plan,
        }));
      expect(validator.parameters, operation.id).toEqual(parameters);
      const body = operation.requestBody;
      expect(validator.body, operation.id).toEqual(
        body && {
          mediaType: body.mediaType,
          required: body.required,
          plan: body.plan,
          ...(body.fieldsInQuery ? { fieldsInQuery: true } : {}),
        },
      );
      const answers = Object.fromEntries(
        Object.entries(validator.responses).map(([status, r]) => [status, { mediaType: r.mediaType, text: !!r.text }]),
      );
      expect(answers, operation.id).toEqual(
        Object.fromEntries(operation.responses.map((r) => [r.status, { mediaType: r.mediaType, text: r.text }])),
      );
    }
  });
});
