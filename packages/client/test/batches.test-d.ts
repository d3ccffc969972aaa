// Types of the batch helpers by batch path: the path is a batch path of the spec (the facts' `BatchPath`),
// the items its request body's item type, the result its answer's `data` records (ads document types).
import type { Ads } from "@xads/types";
import type { BatchPath } from "@xads/types/facts";
import { describe, expectTypeOf, it } from "vitest";
import type {
  BatchItem,
  BatchPathParams,
  BatchRecord,
  RecordBatchPath,
  UserBatchPath,
  UserBatchResult,
} from "../src/batches.js";
import { type AudienceUser, createAdsClient, sendBatch, sendUserBatch } from "../src/index.js";

type Schemas = Ads.components["schemas"];
type IsAny<T> = 0 extends 1 & T ? true : false;

const ads = createAdsClient({ oauth1: { consumerKey: "k", consumerSecret: "s", token: "t", tokenSecret: "ts" } });
const campaignsPath = "/12/batch/accounts/{account_id}/campaigns";
const usersPath = "/12/accounts/{account_id}/custom_audiences/{custom_audience_id}/users";
const doNotReachPath = "/12/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users";

describe("batch paths", () => {
  it("are the facts' batch paths, split into record and user batches", () => {
    expectTypeOf<RecordBatchPath | UserBatchPath>().toEqualTypeOf<BatchPath>();
    expectTypeOf<RecordBatchPath>().toEqualTypeOf<
      | "/12/batch/accounts/{account_id}/campaigns"
      | "/12/batch/accounts/{account_id}/line_items"
      | "/12/batch/accounts/{account_id}/custom_audiences"
    >();
    expectTypeOf<UserBatchPath>().toEqualTypeOf<typeof usersPath | typeof doNotReachPath>();
  });

  it("give the spec's item, record and path parameter types", () => {
    expectTypeOf<BatchItem<typeof campaignsPath>>().toEqualTypeOf<Schemas["CampaignBatchItem"]>();
    expectTypeOf<BatchItem<"/12/batch/accounts/{account_id}/line_items">>().toEqualTypeOf<
      Schemas["LineItemBatchItem"]
    >();
    expectTypeOf<BatchItem<"/12/batch/accounts/{account_id}/custom_audiences">>().toEqualTypeOf<
      Schemas["CustomAudienceBatchItem"]
    >();
    expectTypeOf<BatchItem<typeof usersPath>>().toEqualTypeOf<Schemas["AudienceUserOperation"]>();
    expectTypeOf<BatchItem<typeof doNotReachPath>>().toEqualTypeOf<Schemas["DoNotReachUserOperation"]>();
    expectTypeOf<BatchItem<typeof usersPath>["params"]["users"][number]>().toEqualTypeOf<AudienceUser>();

    expectTypeOf<BatchRecord<typeof campaignsPath>>().toEqualTypeOf<Schemas["Campaign"]>();
    expectTypeOf<BatchRecord<"/12/batch/accounts/{account_id}/line_items">>().toEqualTypeOf<Schemas["LineItem"]>();
    expectTypeOf<BatchRecord<"/12/batch/accounts/{account_id}/custom_audiences">>().toEqualTypeOf<
      Schemas["CustomAudience"]
    >();
    expectTypeOf<BatchRecord<typeof usersPath>>().toEqualTypeOf<Schemas["UserBatchResult"]>();
    expectTypeOf<BatchRecord<typeof doNotReachPath>>().toEqualTypeOf<Schemas["UserBatchResult"]>();

    expectTypeOf<BatchPathParams<typeof usersPath>>().toEqualTypeOf<{
      account_id: string;
      custom_audience_id: string;
    }>();
  });
});

describe("sendBatch", () => {
  it("returns the path's records: campaigns for the campaign batch", async () => {
    const created = await sendBatch(ads, campaignsPath, [{ operation_type: "Create", params: { name: "c" } }], {
      pathParams: { account_id: "18ce54d4x5t" },
    });
    expectTypeOf(created).toEqualTypeOf<Schemas["Campaign"][]>();
    expectTypeOf<IsAny<(typeof created)[number]>>().toEqualTypeOf<false>();
    expectTypeOf(created[0].id).toEqualTypeOf<string>();
    // A response's enum is its known values or any other string (the API adds values).
    expectTypeOf(created[0].entity_status).toEqualTypeOf<"ACTIVE" | "PAUSED" | (string & {}) | undefined>();
    expectTypeOf(created[0].entity_status).toEqualTypeOf<Schemas["CampaignEntityStatus"] | (string & {}) | undefined>();
  });

  it("takes the path's items, read-only ones too", async () => {
    const items = [
      { operation_type: "Create", params: { name: "c", entity_status: "PAUSED", daily_budget_amount_local_micro: 1 } },
    ] as const;
    await sendBatch(ads, campaignsPath, items, { pathParams: { account_id: "a" } });
    const audiences = await sendBatch(
      ads,
      "/12/batch/accounts/{account_id}/custom_audiences",
      [{ operation_type: "Create", params: { name: "a", audience_type: "FLEXIBLE" } }],
      { pathParams: { account_id: "a" } },
    );
    expectTypeOf(audiences).toEqualTypeOf<Schemas["CustomAudience"][]>();
    // The older form with a batch kind still compiles, typed the same way.
    const older = await sendBatch(ads, campaignsPath, "campaigns", items, { pathParams: { account_id: "a" } });
    expectTypeOf(older).toEqualTypeOf<Schemas["Campaign"][]>();
  });

  it("rejects a wrong path, a wrong item and wrong path parameters", async () => {
    const pathParams = { account_id: "a" };
    // @ts-expect-error: not a batch path of the spec
    await sendBatch(ads, "/12/accounts/{account_id}/campaigns", [], { pathParams });
    // @ts-expect-error: a path with concrete ids is not the batch path template
    await sendBatch(ads, "/12/batch/accounts/18ce54d4x5t/campaigns", [], { pathParams });
    // @ts-expect-error: a user batch path belongs to sendUserBatch
    await sendBatch(ads, usersPath, [], { pathParams: { account_id: "a", custom_audience_id: "b" } });
    // @ts-expect-error: entity_status is an enum of the spec
    await sendBatch(ads, campaignsPath, [{ operation_type: "Create", params: { entity_status: "RUNNING" } }], {
      pathParams,
    });
    await sendBatch(
      ads,
      campaignsPath,
      // @ts-expect-error: daily_budget_amount_local_micro is a number (micros), not a string
      [{ operation_type: "Create", params: { daily_budget_amount_local_micro: "1" } }],
      { pathParams },
    );
    // @ts-expect-error: operation_type is Create, Update or Delete
    await sendBatch(ads, campaignsPath, [{ operation_type: "Upsert", params: {} }], { pathParams });
    await sendBatch(
      ads,
      "/12/batch/accounts/{account_id}/custom_audiences",
      // @ts-expect-error: a custom audience item needs its audience_type
      [{ operation_type: "Create", params: { name: "a" } }],
      { pathParams },
    );
    // @ts-expect-error: the path parameters are required
    await sendBatch(ads, campaignsPath, [], {});
    // @ts-expect-error: the campaign batch path takes account_id
    await sendBatch(ads, campaignsPath, [], { pathParams: { accountId: "a" } });
  });
});

describe("sendUserBatch", () => {
  it("takes AudienceUser users and returns the summed counts with the spec's records", async () => {
    const user: AudienceUser = { email: ["49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d"] };
    const result = await sendUserBatch(ads, usersPath, [{ operation_type: "Update", params: { users: [user] } }], {
      pathParams: { account_id: "a", custom_audience_id: "b" },
    });
    expectTypeOf(result).toEqualTypeOf<UserBatchResult<typeof usersPath>>();
    expectTypeOf(result.successCount).toEqualTypeOf<number>();
    expectTypeOf(result.totalCount).toEqualTypeOf<number>();
    expectTypeOf(result.results).toEqualTypeOf<Schemas["UserBatchResult"][]>();
    expectTypeOf(result.results[0].success_count).toEqualTypeOf<number>();
    expectTypeOf(result.results[0].total_count).toEqualTypeOf<number>();

    const dnr = await sendUserBatch(
      ads,
      doNotReachPath,
      [{ operation_type: "Delete", params: { users: [{ email: ["e"] }] } }],
      { pathParams: { account_id: "a", do_not_reach_list_id: "c" } },
    );
    expectTypeOf(dnr.results).toEqualTypeOf<Schemas["UserBatchResult"][]>();
  });

  it("rejects a wrong path, a wrong user and wrong path parameters", async () => {
    const pathParams = { account_id: "a", custom_audience_id: "b" };
    // @ts-expect-error: not a batch path of the spec
    await sendUserBatch(ads, "/12/x/users", [], { pathParams });
    // @ts-expect-error: a record batch path belongs to sendBatch
    await sendUserBatch(ads, campaignsPath, [], { pathParams: { account_id: "a" } });
    // @ts-expect-error: identifiers are arrays of hashes, not one string
    await sendUserBatch(ads, usersPath, [{ operation_type: "Update", params: { users: [{ email: "e" }] } }], {
      pathParams,
    });
    // @ts-expect-error: user batches take Update or Delete, not Create
    await sendUserBatch(ads, usersPath, [{ operation_type: "Create", params: { users: [] } }], { pathParams });
    await sendUserBatch(
      ads,
      doNotReachPath,
      // @ts-expect-error: the do-not-reach list takes e-mail identifiers only
      [{ operation_type: "Update", params: { users: [{ handle: ["h"] }] } }],
      { pathParams: { account_id: "a", do_not_reach_list_id: "c" } },
    );
    // @ts-expect-error: the do-not-reach path takes do_not_reach_list_id
    await sendUserBatch(ads, doNotReachPath, [], { pathParams });
  });
});
