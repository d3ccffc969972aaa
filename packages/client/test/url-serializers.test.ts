import { defaultPathSerializer } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { pathSerializer, querySerializer } from "../src/url-serializers.js";

describe("pathSerializer", () => {
  it.each<[string, Record<string, unknown>]>([
    ["https://ads-api.x.com/12/accounts/{account_id}/campaigns/{campaign_id}", { account_id: "a b", campaign_id: 7 }],
    ["https://ads-api.x.com/12/accounts/{account_id}", { account_id: "18ce54d4x5t", unused: "x" }],
    ["https://ads-api.x.com/12/accounts/{account_id}", {}],
    ["https://ads-api.x.com/12/{a}/{a}", { a: "é/?#" }],
    ["https://ads-api.x.com/12/{ids}", { ids: ["a", "b"] }],
    ["https://ads-api.x.com/12/{.label}/{;matrix}", { label: "x", matrix: "y" }],
    ["https://ads-api.x.com/12/static", { a: 1 }],
  ])("builds %s as openapi-fetch's serializer does", (template, params) => {
    expect(pathSerializer(template, params)).toBe(defaultPathSerializer(template, params));
  });

  it("stays right while ad-hoc templates come and go past its cache's bound", () => {
    for (let i = 0; i < 3000; i++) {
      expect(pathSerializer(`https://h/${i}/{id}`, { id: i })).toBe(`https://h/${i}/${i}`);
    }
    expect(pathSerializer("https://h/0/{id}", { id: "again" })).toBe("https://h/0/again");
  });
});

describe("querySerializer", () => {
  it("sends lists comma-separated (form, explode: false), as the documents declare them", () => {
    expect(querySerializer({ campaign_ids: ["a", "b"], count: 10, skip: undefined })).toBe("campaign_ids=a,b&count=10");
  });
});
