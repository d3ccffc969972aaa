import { describe, expect, it } from "vitest";
import { casesOf } from "../../src/cases.js";
import { Coverage } from "../../src/coverage.js";
import { fixture } from "./fixture.js";

describe("Coverage", () => {
  const all = fixture.operations.map((e) => casesOf(fixture, e));
  const totals = {
    operations: 5,
    bounds: all.flatMap((c) => c.bounds),
    enums: all.flatMap((c) => c.enums),
    identifiers: 1,
  };

  it("prints one stable line: spec totals as denominators, passed cases as numerators, gaps by reason", () => {
    const coverage = new Coverage("fixture", totals);
    coverage.add("operations", "getThing");
    coverage.add("operations", "getThing");
    coverage.add("bounds", "getThing query.count minimum 1");
    coverage.add("enums", "getThing query.sort enum");
    coverage.add("enum values", "getThing query.sort enum asc");
    coverage.add("documented errors", "getThing 400 invalidParameter");
    coverage.add("path identifiers", "getThing thing_id");
    coverage.notExercisable.push({
      operationId: "getThing",
      caseId: "query.ids minItems 1",
      reason: "an empty comma-separated list reads as an absent parameter",
    });
    coverage.unbuildableBounds.push({
      operationId: "getThing",
      caseId: "path.thing_id minLength 1",
      reason: "no value past the bound fits the other keywords",
    });
    expect(coverage.line("mock")).toBe(
      "coverage fixture: operations 1/5; bounds 1/20 (1 not exercisable through Prism: 1 an empty comma-separated list reads as an absent parameter; 1 not buildable: 1 no value past the bound fits the other keywords); enums 1/5 (1 listed values accepted); path identifiers 1/1; required inputs 0; documented errors 1; unauthenticated 0",
    );
    expect(coverage.report("mock").split("\n")).toEqual([
      coverage.line("mock"),
      "  not exercisable: getThing query.ids minItems 1: an empty comma-separated list reads as an absent parameter",
      "  not buildable: getThing path.thing_id minLength 1: no value past the bound fits the other keywords",
    ]);
  });
});
