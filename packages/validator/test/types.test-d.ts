// Type tests (vitest --typecheck): operationIds are a union, a request is typed by its operation's
// parameters and body, and a valid response narrows the body to the documented schema of its status.
import { describe, expectTypeOf, it } from "vitest";
import {
  type CoercedRequest,
  type CoercedRequestOf,
  isValidResponse,
  listCampaigns,
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

  it("types the request a valid answer holds by the operation", () => {
    const result = validateRequest("listCampaigns", { path: { account_id: "18ce54d4x5t" }, query: "count=200" });
    if (result.valid) {
      expectTypeOf(result.request.path.account_id).toEqualTypeOf<string>();
      expectTypeOf(result.request.query.count).toEqualTypeOf<number | undefined>();
      expectTypeOf(result.request.query.campaign_ids).toEqualTypeOf<string[] | undefined>();
      // Names the operation does not declare are kept as sent, untyped.
      expectTypeOf(result.request.query.not_declared).toBeUnknown();
      expectTypeOf(result.request.body).toBeUndefined();
    } else {
      expectTypeOf(result.errors[0]?.item).toEqualTypeOf<number | undefined>();
      expectTypeOf(result.errors[0]?.field).toEqualTypeOf<string | undefined>();
    }
    const batch = validateRequest("batchCampaigns", { path: { account_id: "18ce54d4x5t" }, body: "[]" });
    if (batch.valid) {
      // A required JSON body is there, parsed and typed.
      expectTypeOf(batch.request.body).toBeArray();
      expectTypeOf(batch.request.body[0]?.operation_type).toEqualTypeOf<"Create" | "Update" | "Delete" | undefined>();
    }
    expectTypeOf<CoercedRequestOf<"listAccounts">["path"]>().toEqualTypeOf<Record<string, unknown>>();
    // An operation's own module answers untyped values.
    const untyped = listCampaigns.validateRequest({});
    if (untyped.valid) expectTypeOf(untyped.request).toEqualTypeOf<CoercedRequest>();
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
