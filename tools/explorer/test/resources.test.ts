// The resources the catalogue's links make explorable, and nothing named by hand.
import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";
import { describe, expect, it } from "vitest";
import { explorableResources } from "../src/resources.mjs";

const resources = explorableResources(loadCatalogue());
const byKey = (key: string) => resources.find((r) => r.key === key);

describe("explorable resources from the spec's links", () => {
  it("finds the campaign-management and audience records a create links to, and the read-only funding instruments", () => {
    expect(resources.map((r) => r.key).sort()).toEqual(
      ["ads:campaign", "ads:card", "ads:custom_audience", "ads:funding_instrument", "ads:line_item"].sort(),
    );
  });

  it("pairs a create with the read, update and delete its answer links to, and a list with its first record's read", () => {
    const campaign = byKey("ads:campaign");
    expect(campaign?.create?.id).toBe("createCampaign");
    expect(campaign?.fromCreate.get?.operation.id).toBe("getCampaign");
    expect(campaign?.fromCreate.update?.operation.id).toBe("updateCampaign");
    expect(campaign?.fromCreate.delete?.operation.id).toBe("deleteCampaign");
    expect(campaign?.list?.id).toBe("listCampaigns");
    expect(campaign?.fromList?.link.name).toBe("GetFirstCampaign");
    expect([campaign?.idParameter, campaign?.deletion]).toEqual(["campaign_id", "soft"]);
  });

  it("leaves a resource without a create link read-only", () => {
    const funding = byKey("ads:funding_instrument");
    expect(funding?.create).toBeUndefined();
    expect(funding?.fromCreate).toEqual({});
    expect(funding?.fromList?.operation.id).toBe("getFundingInstrument");
  });
});
