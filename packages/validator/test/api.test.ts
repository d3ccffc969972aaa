// The public API over the real bundles, and request coercion and error shape over the fixture.
import { beforeAll, describe, expect, it } from "vitest";
import {
  findOperationId,
  getOperation,
  listAccounts,
  listOperationIds,
  validateRequest,
  validateResponse,
} from "../src/index.js";
import { batchPlace } from "../src/runtime/errors.js";
import type { OperationValidator } from "../src/runtime/operation.js";
import { loadFixture } from "./fixtures/generate-fixture.js";
import { rulesDocument } from "./fixtures/rules-document.js";

let fixture: Record<string, OperationValidator>;
beforeAll(async () => {
  fixture = await loadFixture("api", rulesDocument);
});

describe("lookup", () => {
  it("finds operations by method and path template, case-insensitively in the method", () => {
    expect(findOperationId("get", "/12/accounts/{account_id}")).toBe("getAccount");
    expect(findOperationId("GET", "/12/accounts")).toBe("listAccounts");
    expect(findOperationId("DELETE", "/12/accounts")).toBeUndefined();
    expect(findOperationId("GET", "/12/nowhere")).toBeUndefined();
  });
  it("every operationId has a route back to it", () => {
    for (const id of listOperationIds()) {
      const operation = getOperation(id);
      expect(findOperationId(operation.method, operation.path)).toBe(id);
    }
  });
  it("throws on an unknown operationId, naming it", () => {
    expect(() => getOperation("noSuchOperation")).toThrow(/unknown operationId "noSuchOperation"/);
    // @ts-expect-error: an operationId the documents do not have does not compile either.
    expect(() => validateRequest("noSuchOperation", {})).toThrow(/unknown operationId "noSuchOperation"/);
  });
  it("exports each operation by name for tree-shaking", () => {
    expect(listAccounts.operationId).toBe("listAccounts");
    expect(listAccounts.validateRequest({ query: "count=5" })).toMatchObject({ valid: true });
  });
});

describe("requests on the wire and typed", () => {
  it("accepts a query string, URLSearchParams and typed values alike", () => {
    expect(validateRequest("listAccounts", { query: "?count=1000&with_deleted=true&account_ids=a,b" })).toMatchObject({
      valid: true,
    });
    expect(validateRequest("listAccounts", { query: new URLSearchParams("count=1000&account_ids=a") })).toMatchObject({
      valid: true,
    });
    expect(
      validateRequest("listAccounts", { query: { count: 1000, with_deleted: true, account_ids: ["a", "b"] } }),
    ).toMatchObject({ valid: true });
  });
  it("reports every error with code, parameter and a message naming the rule", () => {
    const result = validateRequest("listAccounts", { query: "count=1001&with_deleted=yes&account_ids=&q=" });
    expect(result).toEqual({
      valid: false,
      errors: expect.arrayContaining([
        { code: "INVALID_PARAMETER", parameter: "count", message: "count must be at most 1000 (maximum), got 1001" },
        { code: "INVALID_PARAMETER", parameter: "with_deleted", message: "with_deleted must be boolean (type)" },
        {
          code: "INVALID_PARAMETER",
          parameter: "account_ids",
          message: "account_ids must have at least 1 items (minItems), got 0 items",
        },
        {
          code: "INVALID_PARAMETER",
          parameter: "q",
          message: "q must have at least 1 characters (minLength), got 0 characters",
        },
      ]),
    });
    if (!result.valid) expect(result.errors).toHaveLength(4);
  });
  it("does not read '1.5' or '12abc' as an integer", () => {
    for (const count of ["1.5", "12abc", ""]) {
      const result = validateRequest("listAccounts", { query: `count=${count}` });
      expect(result.valid).toBe(false);
    }
  });
  it("reports a missing path parameter as MISSING_PARAMETER", () => {
    expect(validateRequest("getAccount", {})).toEqual({
      valid: false,
      errors: [{ code: "MISSING_PARAMETER", parameter: "account_id", message: "account_id is required (required)" }],
    });
  });
  it("coerces form bodies given as text, URLSearchParams or objects of strings", () => {
    const form = fixture.formFixture as OperationValidator;
    expect(form.validateRequest({ body: "grant_type=client_credentials&count=5&ids=a,b" })).toMatchObject({
      valid: true,
    });
    expect(
      form.validateRequest({ body: new URLSearchParams({ grant_type: "client_credentials", count: "5" }) }),
    ).toMatchObject({ valid: true });
    expect(form.validateRequest({ body: { grant_type: "client_credentials", count: "6" } })).toEqual({
      valid: false,
      errors: [{ code: "INVALID_PARAMETER", parameter: "count", message: "count must be at most 5 (maximum), got 6" }],
    });
    expect(form.validateRequest({ body: "count=1" })).toEqual({
      valid: false,
      errors: [{ code: "MISSING_PARAMETER", parameter: "grant_type", message: "grant_type is required (required)" }],
    });
    expect(form.validateRequest({})).toEqual({
      valid: false,
      errors: [{ code: "MISSING_PARAMETER", parameter: "body", message: "body is required (required)" }],
    });
  });
  it("reads a multipart file part as binary data: an APPEND chunk is accepted as a Blob", () => {
    const append = (media: string | Blob | undefined) => {
      const body = new FormData();
      body.set("command", "APPEND");
      body.set("media_id", "710511363345354753");
      body.set("segment_index", "0");
      if (media !== undefined) body.set("media", media);
      return validateRequest("uploadMedia", { body });
    };
    expect(append(new Blob([new Uint8Array(1024)], { type: "application/octet-stream" }))).toMatchObject({
      valid: true,
    });
    expect(append("raw text bytes")).toMatchObject({ valid: true });
    expect(append(undefined).valid).toBe(false);
  });
  it("reads a JSON body given as text and reports text that is not JSON", () => {
    const items = fixture.perItemFixture as OperationValidator;
    expect(items.validateRequest({ body: '[{"params":{"daily":1,"total":2}}]' })).toMatchObject({ valid: true });
    expect(items.validateRequest({ body: '[{"params":{"daily":"x"}}]' })).toEqual({
      valid: false,
      errors: [
        {
          code: "INVALID_PARAMETER",
          parameter: "body[0].params.daily",
          message: "body[0].params.daily must be integer (type)",
          item: 0,
          field: "daily",
        },
      ],
    });
    expect(items.validateRequest({ body: "[{" })).toEqual({
      valid: false,
      errors: [
        { code: "INVALID_PARAMETER", parameter: "body", message: "the body is not valid JSON (application/json)" },
      ],
    });
  });
  it("never repeats a string value in a message (it may be a secret)", () => {
    const secret =
      "AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2BuSeid%2BULvsea4JtiGRiSDSJSI%3DEUifiRBkKG5E2XzMDjRfl76ZC9Ub0wnz4XsNiRVBChTYbJcE3F";
    const result = getOperation("invalidateBearerToken").validateRequest({ query: { access_token: [secret, secret] } });
    expect(JSON.stringify(result)).not.toContain(secret.slice(0, 20));
    const form = fixture.formFixture as OperationValidator;
    expect(JSON.stringify(form.validateRequest({ body: { grant_type: secret } }))).not.toContain(secret.slice(0, 20));
  });
});

describe("the request as validated", () => {
  it("answers the values as the schemas type them, keys as sent, header names in lower case", () => {
    const result = validateRequest("listCampaigns", {
      path: { account_id: "18ce54d4x5t" },
      query: "count=200&with_deleted=true&campaign_ids=a,b&not_declared=7",
      headers: { "X-Request-Id": "r1" },
    });
    expect(result).toEqual({
      valid: true,
      request: {
        path: { account_id: "18ce54d4x5t" },
        query: { count: 200, with_deleted: true, campaign_ids: ["a", "b"], not_declared: "7" },
        headers: { "x-request-id": "r1" },
        body: undefined,
      },
    });
  });
  it("answers a JSON body parsed and a form body's fields typed", () => {
    const batch = [{ operation_type: "Delete", params: { campaign_id: "8wku2" } }];
    const json = validateRequest("batchCampaigns", {
      path: { account_id: "18ce54d4x5t" },
      body: JSON.stringify(batch),
    });
    expect(json.valid && json.request.body).toEqual(batch);
    const form = (fixture.formFixture as OperationValidator).validateRequest({
      body: "grant_type=client_credentials&count=5&ids=a,b",
    });
    expect(form.valid && form.request.body).toEqual({ grant_type: "client_credentials", count: 5, ids: ["a", "b"] });
  });
  it("answers a body given as a value as that value, not a copy", () => {
    const body = [{ params: { daily: 1, total: 2 } }];
    const result = (fixture.perItemFixture as OperationValidator).validateRequest({ body });
    expect(result.valid && result.request.body).toBe(body);
  });
  it("answers a new result each time: one request's values never show in another's", () => {
    const first = validateRequest("listAccounts", { query: "count=5" });
    const second = validateRequest("listAccounts", { query: "count=6" });
    expect(first.valid && first.request.query.count).toBe(5);
    expect(second.valid && second.request.query.count).toBe(6);
  });
});

describe("errors of a batch name the item", () => {
  const path = { account_id: "18ce54d4x5t" };
  it("gives each error of a JSON array body its item and its field within the item", () => {
    const result = validateRequest("batchCampaigns", {
      path,
      body: JSON.stringify([
        { operation_type: "Delete", params: { campaign_id: "8wku2" } },
        { operation_type: "Remove", params: { campaign_id: "8wku2" } },
        { operation_type: "Update", params: { campaign_id: "8wku2", name: "x".repeat(256) } },
        7,
      ]),
    });
    const places = result.valid ? [] : result.errors.map(({ parameter, item, field }) => ({ parameter, item, field }));
    expect(places).toEqual([
      { parameter: "body[1].operation_type", item: 1, field: "operation_type" },
      { parameter: "body[2].params.name", item: 2, field: "name" },
      { parameter: "body[3]", item: 3, field: undefined },
    ]);
    if (!result.valid) expect(Object.hasOwn(result.errors[2] ?? {}, "field")).toBe(false);
  });
  it("reads the item and field from the place as the errors write it", () => {
    expect(batchPlace("body[12].params.targeting.age")).toEqual({ item: 12, field: "targeting.age" });
    expect(batchPlace("body[0].params")).toEqual({ item: 0, field: "params" });
    expect(batchPlace("body[0].params.users[2].email")).toEqual({ item: 0, field: "users[2].email" });
    expect(batchPlace("body[7]")).toEqual({ item: 7 });
    expect(batchPlace("body")).toBeUndefined();
    expect(batchPlace("body.params")).toBeUndefined();
    expect(batchPlace("account_id")).toBeUndefined();
  });
  it("names the item of an x-rules error too", () => {
    const result = (fixture.perItemFixture as OperationValidator).validateRequest({
      body: [{ params: { daily: 1, total: 2 } }, { params: { daily: 3, total: 2 } }],
    });
    expect(result.valid ? [] : result.errors.map(({ item, field }) => ({ item, field }))).toEqual([
      { item: 1, field: "daily" },
    ]);
  });
  it("sets neither for a body that is not an array, nor for parameters", () => {
    const notArray = (fixture.perItemFixture as OperationValidator).validateRequest({ body: { params: {} } });
    expect(notArray.valid ? [] : notArray.errors.map((e) => [e.parameter, "item" in e, "field" in e])).toEqual([
      ["body", false, false],
    ]);
    // An empty batch: the error is the array's own, not an item's.
    const missingPath = validateRequest("batchCampaigns", { body: [] });
    expect(missingPath.valid ? [] : missingPath.errors.map((e) => [e.parameter, "item" in e])).toEqual([
      ["account_id", false],
      ["body", false],
    ]);
  });
});

describe("responses", () => {
  const account = {
    id: "18ce54d4x5t",
    name: "API McTestface",
    timezone: "America/Los_Angeles",
    created_at: "2016-07-21T22:42:09Z",
    updated_at: "2026-01-05T17:22:56Z",
    deleted: false,
  };
  it("validates the body the status selects and names the place of each error", () => {
    const body = { request: { params: {} }, data: account };
    expect(validateResponse("getAccount", 200, body)).toEqual({ valid: true, body });
    const result = validateResponse("listAccounts", 200, {
      request: { params: {} },
      next_cursor: null,
      data: [account, { ...account, created_at: "yesterday" }],
    });
    expect(result).toEqual({
      valid: false,
      errors: [
        {
          code: "INVALID_RESPONSE",
          parameter: "data[1].created_at",
          message: "data[1].created_at must be a valid date-time (format)",
        },
      ],
    });
  });
  it("checks error responses against the API error body, and JSON given as text", () => {
    const body =
      '{"errors":[{"code":"INVALID_PARAMETER","message":"Expected an integer","parameter":"count"}],"request":{"params":{}}}';
    expect(validateResponse("listAccounts", 400, body)).toEqual({ valid: true, body: JSON.parse(body) });
    expect(validateResponse("listAccounts", "400", { errors: [{ code: "lower" }] }).valid).toBe(false);
  });
  it("reports a status the operation does not document", () => {
    expect(validateResponse("getAccount", 418, {})).toEqual({
      valid: false,
      errors: [
        {
          code: "UNDOCUMENTED_STATUS",
          parameter: "status",
          message: "getAccount documents no response for status 418",
        },
      ],
    });
  });
});
