import type { Node } from "@xads/spec/lib/operations.mjs";
import { describe, expect, it } from "vitest";
import { requiredInputsFamily } from "../../../src/families/required-inputs.js";
import { fixtureWith, operation } from "../fixture.js";
import { answer, caseNamed, caseNames, invalid, stubTarget, thing } from "./stub-run.js";

describe("required-inputs family", () => {
  it("has a case per required query or header parameter and per required property of an object body", () => {
    expect(caseNames(requiredInputsFamily, operation("getThing"))).toEqual([]);
    expect(caseNames(requiredInputsFamily, operation("createThing"))).toEqual([
      "rejects a body without name in the error body",
    ]);
    // An array body (a batch) has no top-level properties to leave out.
    expect(caseNames(requiredInputsFamily, operation("batchThings"))).toEqual([]);
    const bundle = fixtureWith((document: Node) => {
      document.paths["/1/things/{thing_id}"].get.parameters[2].required = true;
    });
    const entry = bundle.operations.find((e) => e.id === "getThing");
    expect(entry && caseNames(requiredInputsFamily, entry, { bundle })).toEqual([
      "rejects a request without query count in the error body",
    ]);
  });

  it("sends the minimal request without the input, to be rejected in the error body", async () => {
    const createThing = operation("createThing");
    const stub = stubTarget(() => answer(400, invalid("name")));
    await stub.run(requiredInputsFamily, createThing, caseNamed(requiredInputsFamily, createThing, "rejects a body"));
    expect(stub.sent).toEqual([expect.objectContaining({ meant: "rejected" })]);
    expect(stub.sent[0]?.plan.body).toEqual({ mediaType: "application/json", value: {} });
    expect(stub.coverage.count("required inputs")).toBe(1);
  });

  it("fails when the request is accepted", async () => {
    const createThing = operation("createThing");
    const stub = stubTarget(() => answer(201, thing));
    const contractCase = caseNamed(requiredInputsFamily, createThing, "rejects a body");
    await expect(stub.run(requiredInputsFamily, createThing, contractCase)).rejects.toThrow();
    expect(stub.coverage.count("required inputs")).toBe(0);
  });
});
