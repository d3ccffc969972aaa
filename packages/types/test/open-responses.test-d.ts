// Responses are read tolerantly (spec/README.md, "Requests strict, responses tolerant"): a field only
// responses carry types its enum as the known values or any other string. Requests stay closed.
import { describe, expectTypeOf, it } from "vitest";
import type { Ads, Upload } from "../src/index.js";

type Schemas = Ads.components["schemas"];
type CampaignBatchParams = Schemas["CampaignBatchItem"]["params"];

describe("enums in responses", () => {
  it("keep their known values, so editors still offer them", () => {
    expectTypeOf<"ACTIVE">().toExtend<NonNullable<Schemas["Campaign"]["entity_status"]>>();
    expectTypeOf<Schemas["CampaignEntityStatus"]>().toExtend<NonNullable<Schemas["Campaign"]["entity_status"]>>();
    expectTypeOf<Schemas["Campaign"]["entity_status"]>().toEqualTypeOf<
      Schemas["CampaignEntityStatus"] | (string & {}) | undefined
    >();
  });

  it("accept a value the API adds, and read as strings", () => {
    expectTypeOf<"ARCHIVED">().toExtend<NonNullable<Schemas["Campaign"]["entity_status"]>>();
    expectTypeOf<NonNullable<Schemas["Campaign"]["entity_status"]>>().toExtend<string>();
    expectTypeOf<"CONNECTED_TV">().toExtend<NonNullable<Schemas["LineItem"]["placements"]>[number]>();
    expectTypeOf<"queued">().toExtend<Upload.components["schemas"]["ProcessingInfo"]["state"]>();
  });

  it("stay closed in requests and in the enum components requests share", () => {
    expectTypeOf<"ARCHIVED">().not.toExtend<NonNullable<CampaignBatchParams["entity_status"]>>();
    expectTypeOf<"ARCHIVED">().not.toExtend<Schemas["CampaignEntityStatus"]>();
  });

  it("keep a one-value enum, a record's tag, a literal", () => {
    expectTypeOf<Schemas["ImageConversationCard"]["card_type"]>().toEqualTypeOf<"IMAGE_CONVERSATION">();
  });
});
