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
    expect(listAccounts.validateRequest({ query: "count=5" })).toEqual({ valid: true });
  });
});

describe("requests on the wire and typed", () => {
  it("accepts a query string, URLSearchParams and typed values alike", () => {
    expect(validateRequest("listAccounts", { query: "?count=1000&with_deleted=true&account_ids=a,b" })).toEqual({
      valid: true,
    });
    expect(validateRequest("listAccounts", { query: new URLSearchParams("count=1000&account_ids=a") })).toEqual({
      valid: true,
    });
    expect(
      validateRequest("listAccounts", { query: { count: 1000, with_deleted: true, account_ids: ["a", "b"] } }),
    ).toEqual({ valid: true });
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
    expect(form.validateRequest({ body: "grant_type=client_credentials&count=5&ids=a,b" })).toEqual({ valid: true });
    expect(
      form.validateRequest({ body: new URLSearchParams({ grant_type: "client_credentials", count: "5" }) }),
    ).toEqual({ valid: true });
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
    expect(append(new Blob([new Uint8Array(1024)], { type: "application/octet-stream" }))).toEqual({ valid: true });
    expect(append("raw text bytes")).toEqual({ valid: true });
    expect(append(undefined).valid).toBe(false);
  });
  it("reads a JSON body given as text and reports text that is not JSON", () => {
    const items = fixture.perItemFixture as OperationValidator;
    expect(items.validateRequest({ body: '[{"params":{"daily":1,"total":2}}]' })).toEqual({ valid: true });
    expect(items.validateRequest({ body: '[{"params":{"daily":"x"}}]' })).toEqual({
      valid: false,
      errors: [
        {
          code: "INVALID_PARAMETER",
          parameter: "body[0].params.daily",
          message: "body[0].params.daily must be integer (type)",
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
