// A step's request: the path filled, the query and headers, and the three body types, both as the
// fetch Request sent and as the record a page shows.
import { describe, expect, it } from "vitest";
import { buildRequest, parameterText, RequestError } from "../../src/runner/request.mjs";

const getCampaign = {
  method: "GET",
  path: "/12/accounts/{account_id}/campaigns/{campaign_id}",
  server: "https://ads-api.x.com",
};
const upload = { method: "POST", path: "/1.1/media/upload.json", server: "https://upload.x.com" };

describe("buildRequest: parameters", () => {
  it("fills the path, encodes the query and sets headers", async () => {
    const { request, sent, path, query } = buildRequest(getCampaign, [
      { name: "account_id", in: "path", value: "18ce54d4x5t" },
      { name: "campaign_id", in: "path", value: "a b/c" },
      { name: "with_deleted", in: "query", value: true },
      { name: "count", in: "query", value: 2 },
      { name: "card_uris", in: "query", value: ["card://1", "card://2"] },
      { name: "total_budget_amount_local_micro", in: "query", value: "" },
      { name: "cursor", in: "query", value: undefined },
      { name: "x-xads-sign-token", in: "header", value: "tok" },
    ]);
    expect(sent.url).toBe(
      "https://ads-api.x.com/12/accounts/18ce54d4x5t/campaigns/a%20b%2Fc?with_deleted=true&count=2" +
        "&card_uris=card%3A%2F%2F1%2Ccard%3A%2F%2F2&total_budget_amount_local_micro=",
    );
    expect(request.url).toBe(sent.url);
    expect(request.method).toBe("GET");
    expect(request.headers.get("x-xads-sign-token")).toBe("tok");
    expect(sent).toEqual({ method: "GET", url: sent.url, headers: { "x-xads-sign-token": "tok" } });
    expect(path).toEqual({ account_id: "18ce54d4x5t", campaign_id: "a b/c" });
    expect(new URL(request.url).searchParams.get("card_uris")).toBe("card://1,card://2");
    expect(query.with_deleted).toBe("true");
    expect(await request.text()).toBe("");
  });

  it("refuses a path parameter without a value, or a parameter in a cookie", () => {
    expect(() => buildRequest(getCampaign, [{ name: "account_id", in: "path", value: "a" }])).toThrow(
      /no value for the path parameter campaign_id/,
    );
    expect(() => buildRequest(upload, [{ name: "session", in: "cookie", value: "s" }])).toThrow(RequestError);
  });

  it("writes values as text: arrays comma-separated, null empty, objects as JSON", () => {
    expect(parameterText(["A", 2, true])).toBe("A,2,true");
    expect(parameterText(null)).toBe("");
    expect(parameterText({ a: 1 })).toBe('{"a":1}');
  });
});

describe("buildRequest: bodies", () => {
  it("sends JSON", async () => {
    const payload = [{ operation_type: "Create", params: { name: "first", budget: 5000000 } }];
    const { request, sent } = buildRequest(
      { method: "POST", path: "/12/accounts/{account_id}/batch/campaigns", server: "https://ads-api.x.com" },
      [{ name: "account_id", in: "path", value: "acc" }],
      { contentType: "application/json", payload },
    );
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(await request.json()).toEqual(payload);
    expect(sent.body).toEqual({ contentType: "application/json", text: JSON.stringify(payload) });
    expect(sent.headers["content-type"]).toBe("application/json");
  });

  it("sends form text", async () => {
    const { request, sent } = buildRequest(upload, [], {
      contentType: "application/x-www-form-urlencoded",
      payload: { command: "INIT", total_bytes: 12, media_type: "video/mp4" },
    });
    const text = "command=INIT&total_bytes=12&media_type=video%2Fmp4";
    expect(await request.text()).toBe(text);
    expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(sent.body).toEqual({ contentType: "application/x-www-form-urlencoded", text });
  });

  it("sends multipart fields, with the boundary the Request chose", async () => {
    const { request, sent } = buildRequest(upload, [], {
      contentType: "multipart/form-data",
      payload: { command: "APPEND", media_id: "123", segment_index: 0, media_data: "AAAAIGZ0eXBpc29t" },
    });
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.headers["content-type"]).toBe(request.headers.get("content-type"));
    const form = await request.formData();
    expect(Object.fromEntries(form.entries())).toEqual({
      command: "APPEND",
      media_id: "123",
      segment_index: "0",
      media_data: "AAAAIGZ0eXBpc29t",
    });
    expect(sent.body).toEqual({
      contentType: "multipart/form-data",
      fields: { command: "APPEND", media_id: "123", segment_index: "0", media_data: "AAAAIGZ0eXBpc29t" },
    });
  });

  it("refuses a body on a GET and a form that is not an object", () => {
    expect(() =>
      buildRequest({ ...getCampaign, path: "/x" }, [], { contentType: "application/json", payload: {} }),
    ).toThrow(/GET request has no body/);
    expect(() => buildRequest(upload, [], { contentType: "multipart/form-data", payload: ["a"] })).toThrow(
      RequestError,
    );
  });
});
