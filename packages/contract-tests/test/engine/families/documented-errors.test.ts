import { describe, expect, it } from "vitest";
import { documentedErrorsFamily } from "../../../src/families/documented-errors.js";
import { emulatorTarget } from "../../../src/targets/emulator.js";
import { operation } from "../fixture.js";
import { answer, caseNamed, caseNames, invalid, stubTarget } from "./stub-run.js";

const getThing = operation("getThing");
const badRequest = caseNamed(documentedErrorsFamily, getThing, "answers the documented 400");

describe("documented-errors family", () => {
  it("has a case per documented 4xx and 5xx example, only where the target chooses them", () => {
    expect(caseNames(documentedErrorsFamily, getThing)).toEqual([
      "answers the documented 400 (invalidParameter)",
      "answers the documented 401",
    ]);
    expect(caseNames(documentedErrorsFamily, getThing, { target: emulatorTarget })).toEqual([]);
  });

  it("asks for the example with Prefer and expects it as the body", async () => {
    const stub = stubTarget(() => answer(400, invalid()));
    await stub.run(documentedErrorsFamily, getThing, badRequest);
    expect(stub.sent[0]?.plan.headers.prefer).toBe("code=400, example=invalidParameter");
    expect(stub.coverage.count("documented errors")).toBe(1);
  });

  it("fails on another body than the example", async () => {
    const stub = stubTarget(() => answer(400, invalid("count")));
    await expect(stub.run(documentedErrorsFamily, getThing, badRequest)).rejects.toThrow();
    expect(stub.coverage.count("documented errors")).toBe(0);
  });
});
