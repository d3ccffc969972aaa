import type { Node } from "@xads/spec/lib/operations.mjs";
import { describe, expect, it } from "vitest";
import { documentedHeadersFamily, headerProblems } from "../../../src/families/documented-headers.js";
import { fixtureWith, operation } from "../fixture.js";
import { caseNamed, caseNames, stubTarget } from "./stub-run.js";

/** The fixture with these headers on its success response (`Thing`), the operation deprecated or not. */
function withThingHeaders(headers: Record<string, unknown>, deprecated = false) {
  const bundle = fixtureWith((document: Node) => {
    document.components.responses.Thing.headers = Object.fromEntries(
      Object.entries(headers).map(([name, example]) => [name, { schema: { type: "integer" }, example }]),
    );
    document.paths["/1/things/{thing_id}"].get.deprecated = deprecated;
    // The latest date of the document's examples: a reset must lie after it.
    document.components.responses.Thing.content["application/json"].example.data.created_at = "2026-01-01T00:00:00Z";
  });
  return { bundle, entry: bundle.operations.find((e) => e.id === "getThing") as ReturnType<typeof operation> };
}

/** The case's problems, and whether its check passes (it sends nothing: the cases read the bundle). */
async function problemsOf(headers: Record<string, unknown>, checks: "api-warn" | "rate-limit", deprecated = false) {
  const { bundle, entry } = withThingHeaders(headers, deprecated);
  const name = checks === "api-warn" ? "documents x-api-warn" : "documents rate-limit";
  const contractCase = caseNamed(documentedHeadersFamily, entry, name, { bundle });
  const stub = stubTarget(
    () => {
      throw new Error("a documented-headers case sent a request");
    },
    { bundle },
  );
  // The check is synchronous: it throws where the problems are not empty.
  const passes = await Promise.resolve()
    .then(() => stub.run(documentedHeadersFamily, entry, contractCase))
    .then(
      () => true,
      () => false,
    );
  return { problems: headerProblems(contractCase, entry, bundle), passes };
}

const limits = (remaining: number, reset = 1782864000) => ({
  "x-rate-limit-limit": 450,
  "x-rate-limit-remaining": remaining,
  "x-rate-limit-reset": reset,
});

describe("documented-headers family", () => {
  it("names its two cases after whether the operation is deprecated", () => {
    expect(caseNames(documentedHeadersFamily, operation("getThing"))).toEqual([
      "documents x-api-warn on no response (not deprecated)",
      "documents rate-limit header examples that agree with each status",
    ]);
    const { bundle, entry } = withThingHeaders({}, true);
    expect(caseNames(documentedHeadersFamily, entry, { bundle })[0]).toBe(
      "documents x-api-warn on its successes (deprecated)",
    );
  });

  it("passes x-api-warn only on the successes of a deprecated operation", async () => {
    expect(await problemsOf({}, "api-warn")).toEqual({ problems: [], passes: true });
    expect(await problemsOf({ "x-api-warn": 1 }, "api-warn", true)).toEqual({ problems: [], passes: true });
    expect(await problemsOf({ "x-api-warn": 1 }, "api-warn")).toEqual({
      problems: ["200 carries x-api-warn, but the operation is not deprecated"],
      passes: false,
    });
    expect(await problemsOf({}, "api-warn", true)).toEqual({
      problems: ["200 lacks x-api-warn, but the operation is deprecated"],
      passes: false,
    });
  });

  it("fails rate-limit examples with nothing left on a success, or a reset before the document's dates", async () => {
    expect(await problemsOf(limits(449), "rate-limit")).toEqual({ problems: [], passes: true });
    expect(await problemsOf(limits(0), "rate-limit")).toEqual({
      problems: ["200: x-rate-limit-remaining is 0 on a 200: only a 429 has nothing left"],
      passes: false,
    });
    const early = await problemsOf(limits(449, 1), "rate-limit");
    expect(early.passes).toBe(false);
    expect(early.problems).toEqual([
      expect.stringMatching(/^200: x-rate-limit-reset 1 \(1970-.*\) is not after 2026-01-01/),
    ]);
  });
});
