// Seed 000 section 2.5: a line item is paid as its campaign is.
import { describe, expect, it } from "vitest";
import { accountPath, call, newEmulator, SANDBOX } from "./helpers.js";

describe("seed 000 section 2.5: a line item of a campaign", () => {
  it("a line item carries its campaign's funding instrument and currency", async () => {
    const emu = await newEmulator();
    const instrument = await call(
      emu,
      "POST",
      `${SANDBOX}${accountPath(emu, "/funding_instruments?currency=EUR&start_time=2026-01-02T00:00:00Z&type=CREDIT_CARD")}`,
    );
    expect(instrument.status).toBe(200);
    const campaign = await call(
      emu,
      "POST",
      accountPath(emu, `/campaigns?funding_instrument_id=${instrument.body.data.id}&name=paid`),
    );
    expect(campaign.status).toBe(200);
    const lineItem = await call(
      emu,
      "POST",
      accountPath(
        emu,
        `/line_items?campaign_id=${campaign.body.data.id}&objective=ENGAGEMENTS&product_type=PROMOTED_TWEETS&placements=ALL_ON_TWITTER`,
      ),
    );
    expect(lineItem.status).toBe(200);
    expect(lineItem.body.data).toMatchObject({
      funding_instrument_id: instrument.body.data.id,
      currency: campaign.body.data.currency,
    });
  });
});
