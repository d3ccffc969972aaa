// Type tests (vitest --typecheck): operationIds are a union, a request is typed by its operation's
// parameters and body, and a valid response narrows the body to the documented schema of its status.
import { describe, expectTypeOf, it } from "vitest";
import {
  isValidResponse,
  listOperationIds,
  type OperationId,
  type RequestOf,
  validateRequest,
  validateResponse,
} from "../src/index.js";

describe("typed by operation", () => {
  it("knows the operationIds", () => {
    expectTypeOf<"listCampaigns">().toExtend<OperationId>();
    expectTypeOf<"listCampains">().not.toExtend<OperationId>();
    expectTypeOf(listOperationIds()).toEqualTypeOf<OperationId[]>();
    // @ts-expect-error: a misspelled operationId does not compile.
    validateRequest("listCampains", {});
  });

  it("types each parameter and the body by the operation", () => {
    validateRequest("listCampaigns", {
      path: { account_id: "18ce54d4x5t" },
      query: { count: 200, with_deleted: true },
    });
    // The wire form stays open: a query string or URLSearchParams.
    validateRequest("listCampaigns", { path: { account_id: "18ce54d4x5t" }, query: "count=200" });
    // @ts-expect-error: count is a number.
    validateRequest("listCampaigns", { path: { account_id: "18ce54d4x5t" }, query: { count: "200" } });
    // @ts-expect-error: account_id is a string.
    validateRequest("listCampaigns", { path: { account_id: 18 } });
    // @ts-expect-error: listCampaigns has no parameter named campaign_name.
    validateRequest("listCampaigns", { path: { account_id: "18ce54d4x5t" }, query: { campaign_name: "x" } });
    expectTypeOf<RequestOf<"listAccounts">["path"]>().toEqualTypeOf<undefined>();
  });

  it("narrows a valid response body to its status's schema", () => {
    const result = validateResponse("getCampaign", 200, JSON.parse("{}"));
    if (result.valid) {
      expectTypeOf(result.body.data.name).toEqualTypeOf<string>();
      // @ts-expect-error: a campaign has no property named nmae.
      result.body.data.nmae;
    }
    const body: unknown = JSON.parse("{}");
    if (isValidResponse("listCampaigns", 200, body)) {
      expectTypeOf(body.data).toBeArray();
      expectTypeOf(body.next_cursor).toEqualTypeOf<string | null>();
    }
    const anyStatus = validateResponse("getCampaign", Number("500"), body);
    if (anyStatus.valid) expectTypeOf(anyStatus.body).toBeUnknown();
  });
});
