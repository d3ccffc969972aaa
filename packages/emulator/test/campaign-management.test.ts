// The campaign-management state rules of seed 000 (000_9120e131cef33013.txt), each test named after
// its rule and section, and the facts file's update rules.
import { describe, expect, it } from "vitest";
import { ACTIVE_CAMPAIGNS_PER_ACCOUNT } from "../src/rules/active-campaign-limit.js";
import { accountPath, call, newEmulator, SANDBOX } from "./helpers.js";

type Emu = Awaited<ReturnType<typeof newEmulator>>;

async function createCampaign(emu: Emu, extra = "") {
  const answer = await call(
    emu,
    "POST",
    accountPath(emu, `/campaigns?funding_instrument_id=${emu.fixture.fundingInstrumentId}&name=rule${extra}`),
  );
  expect(answer.status).toBe(200);
  return answer.body.data as Record<string, unknown>;
}

async function createLineItem(emu: Emu, campaignId: string, extra = "") {
  const answer = await call(
    emu,
    "POST",
    accountPath(
      emu,
      `/line_items?campaign_id=${campaignId}&objective=ENGAGEMENTS&product_type=PROMOTED_TWEETS&placements=ALL_ON_TWITTER${extra}`,
    ),
  );
  return answer;
}

describe("seed 000 section 2.2 and section 3: soft delete", () => {
  it("a DELETE answers the record with deleted: true (section 2.2, 7)", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu);
    const deleted = await call(emu, "DELETE", accountPath(emu, `/campaigns/${campaign.id}`));
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: campaign.id, deleted: true });
  });

  it("deleted records appear in reads only with with_deleted=true (section 2.2, 7)", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu);
    await call(emu, "DELETE", accountPath(emu, `/campaigns/${campaign.id}`));
    const ids = async (query: string) =>
      ((await call(emu, "GET", accountPath(emu, `/campaigns${query}`))).body.data as Array<{ id: string }>).map(
        (c) => c.id,
      );
    expect(await ids("")).not.toContain(campaign.id);
    expect(await ids("?with_deleted=true")).toContain(campaign.id);
  });

  it("a deleted record's GET answers 404, and a repeated DELETE answers 404 (section 3; section 7)", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu);
    await call(emu, "DELETE", accountPath(emu, `/campaigns/${campaign.id}`));
    const read = await call(emu, "GET", accountPath(emu, `/campaigns/${campaign.id}`));
    expect(read.status).toBe(404);
    expect(read.body.errors[0].code).toBe("CAMPAIGN_NOT_FOUND");
    expect((await call(emu, "DELETE", accountPath(emu, `/campaigns/${campaign.id}`))).status).toBe(404);
    expect((await call(emu, "PUT", accountPath(emu, `/campaigns/${campaign.id}?name=x`))).status).toBe(404);
  });

  it("an account's GET reads a deleted account with with_deleted=true (section 4, GET /accounts/:account_id)", async () => {
    const emu = await newEmulator();
    const created = await call(emu, "POST", `${SANDBOX}/12/accounts`);
    const id = created.body.data[0].id as string;
    expect(id).toMatch(/^[0-9a-z]+$/);
    await call(emu, "DELETE", `${SANDBOX}/12/accounts/${id}`);
    expect((await call(emu, "GET", `/12/accounts/${id}`)).status).toBe(404);
    expect((await call(emu, "GET", `/12/accounts/${id}?with_deleted=true`)).body.data.deleted).toBe(true);
  });
});

describe("seed 000 section 3: entity status transitions", () => {
  it("a campaign's entity_status moves between ACTIVE and PAUSED by PUT, to the value sent", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu);
    expect(campaign.entity_status).toBe("ACTIVE");
    const paused = await call(emu, "PUT", accountPath(emu, `/campaigns/${campaign.id}?entity_status=PAUSED`));
    expect(paused.body.data.entity_status).toBe("PAUSED");
    expect(paused.body.data.reasons_not_servable).toContain("PAUSED_BY_ADVERTISER");
    const active = await call(emu, "PUT", accountPath(emu, `/campaigns/${campaign.id}?entity_status=ACTIVE`));
    expect(active.body.data.entity_status).toBe("ACTIVE");
    expect(active.body.data.reasons_not_servable).not.toContain("PAUSED_BY_ADVERTISER");
    expect((await call(emu, "PUT", accountPath(emu, `/campaigns/${campaign.id}?entity_status=DRAFT`))).status).toBe(
      400,
    );
  });

  it("a DRAFT line item is listed only with with_draft=true", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu);
    const draft = (await createLineItem(emu, String(campaign.id), "&entity_status=DRAFT")).body.data;
    const ids = async (query: string) =>
      ((await call(emu, "GET", accountPath(emu, `/line_items${query}`))).body.data as Array<{ id: string }>).map(
        (l) => l.id,
      );
    expect(await ids("")).not.toContain(draft.id);
    expect(await ids("?with_draft=true")).toContain(draft.id);
  });
});

describe("seed 000 sections 3 and 4: sandbox deletes", () => {
  it("a deleted funding instrument reports able_to_fund=false and reason DELETED", async () => {
    const emu = await newEmulator();
    const created = await call(
      emu,
      "POST",
      `${SANDBOX}${accountPath(emu, "/funding_instruments?currency=USD&start_time=2026-01-02T00:00:00Z&type=CREDIT_CARD")}`,
    );
    expect(created.status).toBe(200);
    const deleted = await call(
      emu,
      "DELETE",
      `${SANDBOX}${accountPath(emu, `/funding_instruments/${created.body.data.id}`)}`,
    );
    expect(deleted.body.data).toMatchObject({
      deleted: true,
      able_to_fund: false,
      reasons_not_able_to_fund: ["DELETED"],
    });
  });

  it("a sandbox account can be created and deleted", async () => {
    const emu = await newEmulator();
    const created = await call(emu, "POST", "https://ads-api-sandbox.x.com/12/accounts");
    expect(created.body.next_cursor).toBeNull();
    const deleted = await call(emu, "DELETE", `https://ads-api-sandbox.x.com/12/accounts/${created.body.data[0].id}`);
    expect(deleted.body.data.deleted).toBe(true);
  });
});

describe("seed 000 section 4: rules tied to endpoints", () => {
  it("all line items inside a campaign have the same product_type and objective (rule 1)", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu);
    expect((await createLineItem(emu, String(campaign.id))).status).toBe(200);
    const other = await call(
      emu,
      "POST",
      accountPath(
        emu,
        `/line_items?campaign_id=${campaign.id}&objective=REACH&product_type=PROMOTED_TWEETS&placements=ALL_ON_TWITTER`,
      ),
    );
    expect(other.status).toBe(400);
    expect(other.body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "objective" });
  });

  it("a line item names a campaign of the account (CAMPAIGN_NOT_FOUND otherwise)", async () => {
    const emu = await newEmulator();
    const answer = await createLineItem(emu, "zzzz1");
    expect(answer.status).toBe(404);
    expect(answer.body.errors[0]).toMatchObject({ code: "CAMPAIGN_NOT_FOUND", parameter: "campaign_id" });
  });
});

describe("seed 000 section 8: limits", () => {
  it(`an account has at most ${ACTIVE_CAMPAIGNS_PER_ACCOUNT} active campaigns; inactive campaigns are unlimited`, async () => {
    const emu = await newEmulator({ rateLimits: false });
    const active = (await call(emu, "GET", accountPath(emu, "/campaigns?count=1000"))).body.data.filter(
      (c: { entity_status: string }) => c.entity_status === "ACTIVE",
    ).length;
    for (let i = active; i < ACTIVE_CAMPAIGNS_PER_ACCOUNT; i++) await createCampaign(emu, `-${i}`);
    const refused = await call(
      emu,
      "POST",
      accountPath(emu, `/campaigns?funding_instrument_id=${emu.fixture.fundingInstrumentId}&name=one-too-many`),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].code).toBe("TOO_MANY_CAMPAIGNS");
    const paused = await call(
      emu,
      "POST",
      accountPath(
        emu,
        `/campaigns?funding_instrument_id=${emu.fixture.fundingInstrumentId}&name=paused&entity_status=PAUSED`,
      ),
    );
    expect(paused.status).toBe(200);
  });
});

describe("seed 000 section 2.2, 6 and the facts file: batches", () => {
  it("a batch runs its items in order and answers them in that order", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu);
    const answer = await call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, {
      json: [
        { operation_type: "Create", params: { name: "b1", funding_instrument_id: emu.fixture.fundingInstrumentId } },
        { operation_type: "Update", params: { campaign_id: campaign.id, name: "renamed" } },
        { operation_type: "Delete", params: { campaign_id: campaign.id } },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((c: { name: string }) => c.name)).toEqual(["b1", "renamed", "renamed"]);
    expect(answer.body.data[2].deleted).toBe(true);
    expect(answer.body.request[0]).toMatchObject({
      operation_type: "Create",
      params: { account_id: emu.fixture.accountId },
    });
  });

  it("a batch is atomic: an item's problem applies nothing and answers operation_errors at its index", async () => {
    const emu = await newEmulator();
    const before = emu.snapshot();
    const answer = await call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, {
      json: [
        { operation_type: "Create", params: { name: "kept?", funding_instrument_id: emu.fixture.fundingInstrumentId } },
        { operation_type: "Delete", params: { campaign_id: "zzzzz" } },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.operation_errors[0]).toEqual([]);
    expect(answer.body.operation_errors[1][0].code).toBe("CAMPAIGN_NOT_FOUND");
    expect(emu.snapshot()).toEqual(before);
  });

  it("an item the validator refuses is reported under operation_errors at its index", async () => {
    const emu = await newEmulator();
    const answer = await call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, {
      json: [
        { operation_type: "Create", params: { name: "ok", funding_instrument_id: "lygyi" } },
        { operation_type: "Create", params: { funding_instrument_id: "lygyi" } },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.operation_errors[1][0]).toMatchObject({ code: "MISSING_PARAMETER", parameter: "name" });
  });
});

describe("seed 000 section 3: no cascade", () => {
  it("deleting a campaign leaves its line items as they were", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu);
    const lineItem = (await createLineItem(emu, String(campaign.id))).body.data;
    await call(emu, "DELETE", accountPath(emu, `/campaigns/${campaign.id}`));
    expect((await call(emu, "GET", accountPath(emu, `/line_items/${lineItem.id}`))).body.data.deleted).toBe(false);
  });
});

describe("facts file: updates", () => {
  it("a PUT changes only the fields sent", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu, "&purchase_order_number=PO-1&daily_budget_amount_local_micro=5000000");
    const updated = (await call(emu, "PUT", accountPath(emu, `/campaigns/${campaign.id}?name=new`))).body.data;
    expect(updated).toMatchObject({
      name: "new",
      purchase_order_number: "PO-1",
      daily_budget_amount_local_micro: 5000000,
    });
  });

  it("an empty value clears an optional field", async () => {
    const emu = await newEmulator();
    const campaign = await createCampaign(emu, "&purchase_order_number=PO-1");
    const cleared = await call(emu, "PUT", accountPath(emu, `/campaigns/${campaign.id}?purchase_order_number=`));
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.purchase_order_number).toBeNull();
  });
});
