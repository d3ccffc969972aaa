import { describe, expectTypeOf, it } from "vitest";
import type {
  AdsErrorCode,
  BatchPath,
  batchLimits,
  CampaignEntityStatus,
  MediaCategory,
  mediaCategoryValues,
  ProcessingState,
  servers,
} from "../src/generated/facts.js";
import type { Ads, Upload } from "../src/index.js";

describe("facts types", () => {
  it("types the enum aliases as literal unions, the same as the generated component types", () => {
    expectTypeOf<MediaCategory>().toEqualTypeOf<"amplify_video" | "tweet_gif" | "tweet_image" | "tweet_video">();
    expectTypeOf<MediaCategory>().toEqualTypeOf<Upload.components["schemas"]["MediaCategory"]>();
    expectTypeOf<(typeof mediaCategoryValues)[number]>().toEqualTypeOf<MediaCategory>();
    // A response reads the known values or any other string (responses are read tolerantly).
    expectTypeOf<Upload.components["schemas"]["ProcessingInfo"]["state"]>().toEqualTypeOf<
      ProcessingState | (string & {})
    >();
    expectTypeOf<CampaignEntityStatus>().toEqualTypeOf<Ads.components["schemas"]["CampaignEntityStatus"]>();
    expectTypeOf<string>().not.toExtend<MediaCategory>();
    expectTypeOf<"TOO_MANY_REQUESTS">().toExtend<AdsErrorCode>();
    expectTypeOf<string>().not.toExtend<AdsErrorCode>();
  });

  it("keeps literal values and keys", () => {
    expectTypeOf<(typeof servers)["ads"]["sandbox"]>().toEqualTypeOf<"https://ads-api-sandbox.x.com">();
    expectTypeOf<(typeof batchLimits)["/12/batch/accounts/{account_id}/campaigns"]["items"]>().toEqualTypeOf<40>();
    expectTypeOf<"/12/batch/accounts/{account_id}/campaigns">().toExtend<BatchPath>();
    expectTypeOf<"/12/accounts">().not.toExtend<BatchPath>();
  });
});
