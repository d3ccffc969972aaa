import { readFileSync } from "node:fs";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { describe, expect, it } from "vitest";
import { breakingChanges, breakingChangesAcross } from "../src/breaking-changes.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */

/**
 * @param {string} name
 * @returns {Node}
 */
const fixture = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), "utf8"));
const base = fixture("base");
/** @param {import("../src/breaking-changes.mjs").BreakingChange[]} changes */
const messages = (changes) => changes.map((c) => `${c.where}: ${c.message} [${c.source}]`);

describe("breaking changes of the fixtures against base.json", () => {
  it("finds none between a document and itself", () => {
    expect(breakingChanges(base, structuredClone(base))).toEqual([]);
  });

  it("removing an operation is breaking", () => {
    const found = messages(breakingChanges(base, fixture("remove-operation")));
    expect(found).toContain(
      "deleteCampaign (DELETE /12/accounts/{account_id}/campaigns/{campaign_id}): operation removed [types]",
    );
    expect(found.some((m) => m.includes("[Removed] operation DELETE") && m.endsWith("[api-smart-diff]"))).toBe(true);
  });

  it("narrowing an enum is breaking in requests; a response-only record's field stays open", () => {
    const found = messages(breakingChanges(base, fixture("narrow-enum")));
    expect(found).toContain(
      'listCampaigns (GET /12/accounts/{account_id}/campaigns) query parameter `entity_status`: enum narrowed: "DRAFT" removed [types]',
    );
    // A campaign's entity_status is typed "ACTIVE" | "DRAFT" | "PAUSED" | (string & {}): code comparing
    // against "DRAFT" still compiles once "DRAFT" is no longer listed.
    expect(found.filter((m) => m.includes("response"))).toEqual([]);
  });

  it("adding a required parameter is breaking", () => {
    const found = messages(breakingChanges(base, fixture("add-required-parameter")));
    expect(found).toContain(
      "listCampaigns (GET /12/accounts/{account_id}/campaigns): required query parameter `funding_instrument_ids` added [types]",
    );
    expect(
      found.some(
        (m) => m.includes("required query parameter `funding_instrument_ids`") && m.endsWith("[api-smart-diff]"),
      ),
    ).toBe(true);
  });

  it("making a response field optional is breaking", () => {
    const found = messages(breakingChanges(base, fixture("response-field-optional")));
    expect(found).toContain(
      "listCampaigns (GET /12/accounts/{account_id}/campaigns) response 200.data[].name: made optional: its type now includes undefined [types]",
    );
  });

  it("a response header made required, or an optional one dropped, is not breaking; a required one dropped is", () => {
    const withHeaders = structuredClone(base);
    const response = withHeaders.paths["/12/accounts/{account_id}/campaigns"].get.responses["200"];
    response.headers = {
      "x-optional": { schema: { type: "integer" } },
      "x-promised": { required: true, schema: { type: "integer" } },
      "x-becomes-required": { schema: { type: "integer" } },
    };
    const after = structuredClone(withHeaders);
    const headers = after.paths["/12/accounts/{account_id}/campaigns"].get.responses["200"].headers;
    delete headers["x-optional"];
    headers["x-becomes-required"].required = true;
    expect(breakingChanges(withHeaders, after)).toEqual([]);
    delete headers["x-promised"];
    expect(messages(breakingChanges(withHeaders, after)).filter((m) => m.endsWith("[api-smart-diff]"))).toHaveLength(1);
  });

  it("adding an optional response field is not breaking", () => {
    expect(breakingChanges(base, fixture("add-optional-field"))).toEqual([]);
  });

  it("adding an operation is not breaking", () => {
    expect(breakingChanges(base, fixture("add-operation"))).toEqual([]);
  });
});

describe("the type rules beyond the fixtures", () => {
  const campaignPath = "/12/accounts/{account_id}/campaigns";
  /**
   * @param {(document: Node) => void} change
   * @param {Node} [from] the document changed (base.json by default)
   */
  const edit = (change, from = base) => {
    const document = structuredClone(from);
    change(document);
    return messages(breakingChanges(from, document)).filter((m) => m.endsWith("[types]"));
  };

  it("a response field whose type changes is breaking", () => {
    const found = edit((d) => {
      d.components.schemas.Campaign.properties.id = { type: "integer" };
    });
    expect(found).toContain(
      "listCampaigns (GET /12/accounts/{account_id}/campaigns) response 200.data[].id: type changed from string to integer: may now be number [types]",
    );
  });

  it("a response field that becomes nullable is breaking; one that stops being nullable is not", () => {
    expect(
      edit((d) => {
        d.components.schemas.Campaign.properties.name = { type: ["string", "null"] };
      }),
    ).toContain(
      "listCampaigns (GET /12/accounts/{account_id}/campaigns) response 200.data[].name: type changed from string to string|null: may now be null [types]",
    );
    expect(
      edit((d) => {
        d.components.schemas.Campaign.properties.daily_budget_amount_local_micro = { type: "integer" };
      }),
    ).toEqual([]);
  });

  it("a widened enum breaks neither a request nor a response-only record (typed open), on the wire or in the types", () => {
    const widened = structuredClone(base);
    widened.components.schemas.EntityStatus.enum.push("ARCHIVED");
    // api-smart-diff calls a new response value breaking; responses are read tolerantly (a warning).
    expect(messages(breakingChanges(base, widened))).toEqual([]);
    const requestOnly = structuredClone(base);
    requestOnly.paths[campaignPath].get.parameters[1].schema = { type: "string", enum: ["ACTIVE", "PAUSED"] };
    const requestWidened = structuredClone(requestOnly);
    requestWidened.paths[campaignPath].get.parameters[1].schema.enum.push("DRAFT");
    expect(breakingChanges(requestOnly, requestWidened)).toEqual([]);
  });

  it("a widened enum breaks a response type where requests share the schema (its type stays closed)", () => {
    /** @param {Node} d */
    const share = (d) => {
      d.paths[campaignPath].post.requestBody = {
        content: { "application/json": { schema: { $ref: "#/components/schemas/Campaign" } } },
      };
    };
    const shared = structuredClone(base);
    share(shared);
    const found = edit((d) => {
      share(d);
      d.components.schemas.EntityStatus.enum.push("ARCHIVED");
    }, shared);
    expect(found).toContain(
      'listCampaigns (GET /12/accounts/{account_id}/campaigns) response 200.data[].entity_status: enum widened: "ARCHIVED" may now come back (exhaustive checks over the union stop compiling) [types]',
    );
  });

  it("a response enum cut to one value breaks: the open union becomes a literal", () => {
    const found = edit((d) => {
      d.components.schemas.EntityStatus.enum = ["ACTIVE"];
    });
    expect(found).toContain(
      'deleteCampaign (DELETE /12/accounts/{account_id}/campaigns/{campaign_id}) response 200.data.entity_status: enum narrowed: "DRAFT", "PAUSED" removed [types]',
    );
  });

  it("an optional parameter made required, a renamed operationId and a removed schema are breaking", () => {
    const found = edit((d) => {
      d.paths[campaignPath].get.parameters[0].required = true;
      d.paths[campaignPath].post.operationId = "addCampaign";
      d.components.schemas.Unused = { type: "string" };
    });
    expect(found).toContain(
      "listCampaigns (GET /12/accounts/{account_id}/campaigns): query parameter `count` made required [types]",
    );
    expect(found).toContain(
      'createCampaign (POST /12/accounts/{account_id}/campaigns): operationId renamed to addCampaign: operations["createCampaign"] is gone [types]',
    );
    const back = structuredClone(base);
    back.components.schemas.Gone = { type: "string" };
    expect(messages(breakingChanges(back, base))).toContain(
      "components.schemas.Gone: schema removed: its exported type is gone [types]",
    );
  });

  it("a required property added to a request body is breaking; an optional one is not", () => {
    const withBody = structuredClone(base);
    withBody.paths[campaignPath].post.requestBody = {
      content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } },
    };
    const required = structuredClone(withBody);
    const body = required.paths[campaignPath].post.requestBody.content["application/json"].schema;
    body.properties.objective = { type: "string" };
    body.required = ["objective"];
    expect(messages(breakingChanges(withBody, required))).toContain(
      "createCampaign (POST /12/accounts/{account_id}/campaigns) request body (application/json).objective: required property added [types]",
    );
    const optional = structuredClone(withBody);
    optional.paths[campaignPath].post.requestBody.content["application/json"].schema.properties.objective = {
      type: "string",
    };
    expect(breakingChanges(withBody, optional)).toEqual([]);
  });

  it("a discriminator taken off a request body's union is not breaking; a variant removed is", () => {
    // The upload document's v1.1 request: its command branches, once with the discriminator they had.
    const after = loadSpec().document("upload").bundle();
    const union = after.components.schemas.ChunkedUploadCommand;
    const commands = union.oneOf.filter((/** @type {Node} */ b) => !b.$ref.endsWith("/SimpleUpload"));
    const mapping = Object.fromEntries(
      commands.map((/** @type {Node} */ b) => [b.$ref.replace(/.*\/(\w+)Command$/, "$1").toUpperCase(), b.$ref]),
    );
    const before = structuredClone(after);
    before.components.schemas.ChunkedUploadCommand = {
      oneOf: commands,
      discriminator: { propertyName: "command", mapping },
    };
    expect(breakingChanges(before, after)).toEqual([]);
    const fewer = structuredClone(after);
    fewer.components.schemas.ChunkedUploadCommand = { oneOf: commands.slice(1) };
    expect(messages(breakingChanges(before, fewer)).some((m) => m.includes("oneOf lost 1 variant(s)"))).toBe(true);
  });

  it("follows recursive schemas without looping", () => {
    const recursive = structuredClone(base);
    recursive.components.schemas.Campaign.properties.parent = { $ref: "#/components/schemas/Campaign" };
    const changed = structuredClone(recursive);
    changed.components.schemas.Campaign.required = ["id"];
    const found = messages(breakingChanges(recursive, changed));
    expect(found).toContain(
      "listCampaigns (GET /12/accounts/{account_id}/campaigns) response 200.data[].name: made optional: its type now includes undefined [types]",
    );
  });
});

describe("breaking changes across documents", () => {
  it("a removed document is breaking, an added one is not", () => {
    expect(breakingChangesAcross({ ads: base, auth: base }, { ads: base })).toEqual([
      { document: "auth", source: "types", where: "auth", message: "document removed" },
    ]);
    expect(breakingChangesAcross({ ads: base }, { ads: base, upload: base })).toEqual([]);
  });
});

describe("facts the generated facts module exports", () => {
  /** @param {(document: Node) => void} mutate */
  const changed = (mutate) => {
    const document = structuredClone(base);
    mutate(document);
    return messages(breakingChanges(base, document)).filter((m) => m.endsWith("[facts]"));
  };

  it("a server removed or moved is breaking for the operations called on it", () => {
    const found = changed((d) => {
      d.servers = [{ url: "https://elsewhere.example", description: "Production" }];
    });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((m) => m.includes("production server https://ads-api.x.com removed"))).toBe(true);
    expect(changed((d) => d.servers.push({ url: "https://more.example", description: "Sandbox" }))).toEqual([]);
  });

  it("an x-rules bound tightened is breaking, loosened is not", () => {
    /** @param {number} max */
    const withBodyLimit = (max) => (/** @type {Node} */ d) => {
      const operation = Object.values(d.paths).flatMap((item) => Object.values(item))[0];
      operation["x-rules"] = [{ id: "body-size", kind: "max-body-bytes", description: "d", error: "E", max }];
    };
    const before = structuredClone(base);
    withBodyLimit(100)(before);
    const after = structuredClone(base);
    withBodyLimit(50)(after);
    expect(messages(breakingChanges(before, after)).filter((m) => m.endsWith("[facts]"))).toEqual([
      expect.stringContaining("x-rules body-size: max lowered from 100 to 50"),
    ]);
    expect(messages(breakingChanges(after, before)).filter((m) => m.endsWith("[facts]"))).toEqual([]);
  });

  it("a known value removed is breaking, one added is not", () => {
    const withKnown = (/** @type {string[]} */ values) => (/** @type {Node} */ d) => {
      d.components.schemas.Code = { type: "string", "x-known-values": values };
    };
    const before = structuredClone(base);
    withKnown(["A", "B"])(before);
    const after = structuredClone(base);
    withKnown(["A"])(after);
    expect(messages(breakingChanges(before, after)).filter((m) => m.endsWith("[facts]"))).toEqual([
      'components.schemas.Code: known values removed: "B" [facts]',
    ]);
    expect(messages(breakingChanges(after, before)).filter((m) => m.endsWith("[facts]"))).toEqual([]);
  });
});
