import { describe, expect, it } from "vitest";
import { malformedIdentifiers, shown, whereNamed } from "../../src/identifiers.js";
import { sitesOf } from "../../src/sites.js";
import { fixture, operation } from "./fixture.js";

describe("malformedIdentifiers", () => {
  it("gives the empty id, then a NUL byte, a space and a slash alone and inside the example, percent-encoded", () => {
    const values = malformedIdentifiers("18ce54d4x5t");
    expect(values.map(shown)).toEqual([
      '""',
      "%00",
      "18ce54%00d4x5t",
      "%20",
      "18ce54%20d4x5t",
      "%2F",
      "18ce54%2Fd4x5t",
    ]);
  });

  it("gives values that a pattern of the fixture's path identifier rejects", () => {
    const [site] = sitesOf(fixture, operation("getThing"));
    const validate = fixture.validator(site?.schema ?? {});
    expect(validate(site?.example)).toBe(true);
    for (const value of malformedIdentifiers(String(site?.example))) expect(validate(value)).toBe(false);
  });
});

describe("whereNamed", () => {
  const headers = (violations?: unknown) =>
    new Headers(violations === undefined ? {} : { "sl-violations": JSON.stringify(violations) });

  it("finds the parameter in the ads error body: parameter, attribute or message", () => {
    const error = (fields: object) => ({
      json: { errors: [{ code: "INVALID_PARAMETER", ...fields }] },
      headers: headers(),
    });
    expect(whereNamed(error({ parameter: "campaign_id" }), "path", "campaign_id")).toBe("body");
    expect(whereNamed(error({ attribute: "campaign_id" }), "path", "campaign_id")).toBe("body");
    expect(whereNamed(error({ message: "Invalid campaign_id: 8w u2" }), "path", "campaign_id")).toBe("body");
    // a longer name that contains it is not the parameter
    expect(whereNamed(error({ message: "Invalid campaign_ids" }), "path", "campaign_id")).toBeUndefined();
    expect(whereNamed(error({ parameter: "count", message: "got 0 for count" }), "path", "account_id")).toBeUndefined();
  });

  it("finds it in Prism's sl-violations header at the same location only", () => {
    const violation = { location: ["request", "path", "account_id"], code: "pattern" };
    const body = { errors: [{ code: "INVALID_PARAMETER", parameter: "count" }] };
    expect(whereNamed({ json: body, headers: headers([violation]) }, "path", "account_id")).toBe("violations");
    expect(whereNamed({ json: body, headers: headers([violation]) }, "query", "account_id")).toBeUndefined();
    expect(whereNamed({ json: body, headers: headers([violation]) }, "path", "campaign_id")).toBeUndefined();
    expect(
      whereNamed({ json: body, headers: new Headers({ "sl-violations": "not json" }) }, "path", "account_id"),
    ).toBe(undefined);
    // an empty path segment: the path lacks the parameter
    const missing = {
      location: ["request", "path"],
      code: "required",
      message: "Request path must have required property 'account_id'",
    };
    expect(whereNamed({ json: body, headers: headers([missing]) }, "path", "account_id")).toBe("violations");
    expect(whereNamed({ json: body, headers: headers([missing]) }, "path", "campaign_id")).toBeUndefined();
  });

  it("reads a problem object's detail", () => {
    const problem = { json: { title: "Invalid Request", detail: "The id parameter is invalid" }, headers: headers() };
    expect(whereNamed(problem, "path", "id")).toBe("body");
  });
});
