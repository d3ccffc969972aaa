import type { Node } from "@xads/spec/lib/operations.mjs";
import { describe, expect, it } from "vitest";
import { unauthenticatedFamily } from "../../../src/families/unauthenticated.js";
import { emulatorTarget } from "../../../src/targets/emulator.js";
import { realHostTarget } from "../../../src/targets/real-host.js";
import { fixtureWith, operation } from "../fixture.js";
import { answer, caseNamed, caseNames, stubTarget } from "./stub-run.js";

const getThing = operation("getThing");
const unauthenticated = caseNamed(unauthenticatedFamily, getThing, "answers 401");
const refused = (status: number) => answer(status, { errors: [{ code: "UNAUTHORIZED" }] });

describe("unauthenticated family", () => {
  it("has one case for a secured operation, none for a real host", () => {
    expect(caseNames(unauthenticatedFamily, getThing)).toEqual(["answers 401 in the error body without credentials"]);
    expect(caseNames(unauthenticatedFamily, getThing, { target: realHostTarget })).toEqual([]);
  });

  it("sends the minimal request without credentials and expects 401", async () => {
    const stub = stubTarget(() => refused(401));
    await stub.run(unauthenticatedFamily, getThing, unauthenticated);
    expect(stub.sent.map((s) => [s.meant, s.plan.headers])).toEqual([["rejected", {}]]);
    expect(stub.coverage.count("unauthenticated")).toBe(1);
  });

  it("takes a 403 only from a target that may answer so, where the operation documents one", async () => {
    await expect(
      stubTarget(() => refused(403)).run(unauthenticatedFamily, getThing, unauthenticated),
    ).rejects.toThrow();
    const bundle = fixtureWith((document: Node) => {
      document.paths["/1/things/{thing_id}"].get.responses["403"] = { $ref: "#/components/responses/Unauthorized" };
    });
    const entry = bundle.operations.find((e) => e.id === "getThing") ?? getThing;
    const stub = stubTarget(() => refused(403), { target: emulatorTarget, bundle });
    await stub.run(unauthenticatedFamily, entry, unauthenticated);
    expect(stub.coverage.count("unauthenticated")).toBe(1);
  });
});
