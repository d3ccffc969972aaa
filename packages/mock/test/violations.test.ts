import { describe, expect, it } from "vitest";
import { nameViolations } from "../src/violations.mjs";

const adsBody = JSON.stringify({
  errors: [
    {
      code: "INVALID_PARAMETER",
      message: "Expected an integer between 1 and 1000, got 0 for count",
      parameter: "count",
    },
  ],
  request: { params: {} },
});
const violation = (location: string[], message: string) => ({ location, severity: "Error", code: "x", message });

describe("naming the parameter at fault", () => {
  it("puts each violated parameter and Prism's message in the ads error body", () => {
    const header = JSON.stringify([
      violation(["request", "path", "account_id"], "Request path parameter account_id must match pattern"),
      violation(["request", "query"], "Request query must have required property 'q'"),
      violation(["request", "body", "0", "params", "name"], "Request body property name must be shorter"),
    ]);
    expect(JSON.parse(nameViolations(adsBody, header))).toEqual({
      errors: [
        {
          code: "INVALID_PARAMETER",
          message: "Request path parameter account_id must match pattern",
          parameter: "account_id",
        },
        { code: "INVALID_PARAMETER", message: "Request query must have required property 'q'", parameter: "q" },
        {
          code: "INVALID_PARAMETER",
          message: "Request body property name must be shorter",
          parameter: "0.params.name",
        },
      ],
      request: { params: {} },
    });
  });

  it("leaves bodies without a parameter field, and anything it cannot read, as they are", () => {
    const header = JSON.stringify([violation(["request", "query", "media_id"], "bad")]);
    const problem = JSON.stringify({ title: "Invalid Request", status: 400 });
    expect(nameViolations(problem, header)).toBe(problem);
    expect(nameViolations("not json", header)).toBe("not json");
    expect(nameViolations(adsBody, "not json")).toBe(adsBody);
    expect(nameViolations(adsBody, JSON.stringify([violation(["response"], "x")]))).toBe(adsBody);
  });

  it("keeps at most 20 errors however many violations arrive", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => violation(["request", "query", `p${i}`], `bad p${i}`));
    expect(JSON.parse(nameViolations(adsBody, JSON.stringify(many))).errors).toHaveLength(20);
  });
});
