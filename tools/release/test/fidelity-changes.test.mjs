// The gate's verdict on each change of the fidelity work (closer to what the real API sends and
// accepts, .changeset/fidelity-reference.md): each case takes the current bundle, puts one change
// back as it was before, and classifies the step from there to today.
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { describe, expect, it } from "vitest";
import { breakingChanges } from "../src/breaking-changes.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */

const spec = loadSpec();

/**
 * The breaking changes from the document as `revert` leaves it to the document as it is.
 * @param {string} name
 * @param {(before: Node) => void} revert
 */
function sinceBefore(name, revert) {
  const now = spec.document(name).bundle();
  const before = structuredClone(now);
  revert(before);
  return breakingChanges(before, now, name).map((c) => `${c.where}: ${c.message} [${c.source}]`);
}

/**
 * @param {Node} bundle
 * @param {string} path
 * @param {string} method
 */
const operation = (bundle, path, method) => bundle.paths[path][method];
const LINE_ITEM = "/12/accounts/{account_id}/line_items/{line_item_id}";
const CAMPAIGN = "/12/accounts/{account_id}/campaigns/{campaign_id}";

describe("the fidelity changes, as the breaking-change gate classifies them", () => {
  it("Campaign.standard_delivery made nullable breaks: every campaign answer may now hold null", () => {
    const found = sinceBefore("ads", (b) => {
      b.components.schemas.Campaign.properties.standard_delivery = { type: "boolean" };
    });
    expect(found).toContain(
      "getCampaign (GET /12/accounts/{account_id}/campaigns/{campaign_id}) response 200.data.standard_delivery: type changed from boolean to boolean|null: may now be null [types]",
    );
  });

  it("the empty value accepted on an update breaks nothing: the request accepts more", () => {
    const found = sinceBefore("ads", (b) => {
      const endTime = operation(b, LINE_ITEM, "put").parameters.find((/** @type {Node} */ p) => p.name === "end_time");
      endTime.schema = { $ref: "#/components/schemas/TimestampInput" };
    });
    expect(found).toEqual([]);
  });

  it("the documented error statuses added (405, 408, 423, 500) break nothing", () => {
    const found = sinceBefore("ads", (b) => {
      const responses = operation(b, CAMPAIGN, "put").responses;
      for (const status of ["405", "408", "423", "500"]) delete responses[status];
    });
    expect(found).toEqual([]);
  });

  it("the request-token parameter renamed to x_auth_access_type breaks: the seed's name is gone", () => {
    const found = sinceBefore("auth", (b) => {
      const parameter = operation(b, "/oauth/request_token", "post").parameters.find(
        (/** @type {Node} */ p) => p.name === "x_auth_access_type",
      );
      parameter.name = "svc_auth_access_type";
    });
    expect(found).toContain(
      "createRequestToken (POST /oauth/request_token): query parameter `svc_auth_access_type` removed [types]",
    );
  });

  it("a date accepted where only a full timestamp was breaks nothing", () => {
    const found = sinceBefore("ads", (b) => {
      b.components.schemas.TimestampInput = { type: "string", format: "date-time" };
    });
    expect(found).toEqual([]);
  });

  it("legacy cards in the card list break: an item may now be a LegacyCard", () => {
    const found = sinceBefore("ads", (b) => {
      const schema = operation(b, "/12/accounts/{account_id}/cards", "get").responses["200"].content["application/json"]
        .schema;
      schema.allOf[1].properties.data.items = { $ref: "#/components/schemas/Card" };
    });
    expect(found).toContain(
      "listCards (GET /12/accounts/{account_id}/cards) response 200.data[]: now anyOf 2 schemas: it may hold one that callers do not handle [types]",
    );
  });

  it("a new optional parameter (media_category on media-library create) breaks nothing", () => {
    const found = sinceBefore("ads", (b) => {
      const create = operation(b, "/12/accounts/{account_id}/media_library", "post");
      create.parameters = create.parameters.filter((/** @type {Node} */ p) => p.name !== "media_category");
    });
    expect(found).toEqual([]);
  });
});
