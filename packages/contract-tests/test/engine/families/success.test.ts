import { describe, expect, it } from "vitest";
import { successFamily } from "../../../src/families/success.js";
import { operation } from "../fixture.js";
import { answer, caseNamed, caseNames, stubTarget, thing } from "./stub-run.js";

const getThing = operation("getThing");
const only = caseNamed(successFamily, getThing, "answers");

describe("success family", () => {
  it("has one case per operation", () => {
    expect(caseNames(successFamily, getThing)).toEqual(["answers the documented success body, with truthful headers"]);
  });

  it("sends the minimal request and counts the operation when the documented body comes back", async () => {
    const stub = stubTarget(() => answer(200, thing));
    await stub.run(successFamily, getThing, only);
    expect(stub.sent).toHaveLength(1);
    expect(stub.sent[0]?.plan.path).toEqual({ thing_id: "t1" });
    expect(stub.sent[0]?.plan.headers.authorization).toMatch(/^OAuth /);
    expect(stub.coverage.count("operations")).toBe(1);
  });

  it("fails on another status, a body off its schema, or x-api-warn from an operation that is not deprecated", async () => {
    for (const wrong of [answer(201, thing), answer(200, { items: [] }), answer(200, thing, { "x-api-warn": "old" })]) {
      const stub = stubTarget(() => wrong);
      await expect(stub.run(successFamily, getThing, only)).rejects.toThrow();
      expect(stub.coverage.count("operations")).toBe(0);
    }
  });
});
