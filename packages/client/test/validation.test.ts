import * as realValidator from "@xads/validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdsClient, type ValidatorModule, XAdsValidationError } from "../src/index.js";
import { type FaultServer, json, startFaultServer } from "./support/fault-server.js";

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());

const oauth1 = { consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts" };

describe("validation with @xads/validator", () => {
  it("an invalid request fails before the network, naming the parameter and rule", async () => {
    server.script();
    const ads = createAdsClient({
      baseUrl: server.url,
      oauth1,
      validation: { mode: "requests", validator: realValidator },
    });
    const error = (await ads
      .GET("/12/accounts", { params: { query: { count: 0 } } })
      .catch((e: unknown) => e)) as XAdsValidationError;
    expect(error).toBeInstanceOf(XAdsValidationError);
    expect(error.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "count" });
    expect(error.message).toMatch(/^listAccounts: invalid request: count: .*minimum.* \[INVALID_PARAMETER\]/);
    expect(server.requests).toHaveLength(0);
  });

  it("a valid request goes through; responses are checked only in requests-and-responses mode", async () => {
    const bad = json(200, { data: 1 });
    server.script(bad, bad);
    const requestsOnly = createAdsClient({
      baseUrl: server.url,
      oauth1,
      validation: { mode: "requests", validator: realValidator },
    });
    const { data } = await requestsOnly.GET("/12/accounts/{account_id}", {
      params: { path: { account_id: "18ce54d4x5t" } },
    });
    expect(data).toEqual({ data: 1 });
    const both = createAdsClient({
      baseUrl: server.url,
      oauth1,
      validation: { mode: "requests-and-responses", validator: realValidator },
    });
    const error = (await both
      .GET("/12/accounts/{account_id}", { params: { path: { account_id: "18ce54d4x5t" } } })
      .catch((e: unknown) => e)) as XAdsValidationError;
    expect(error).toBeInstanceOf(XAdsValidationError);
    expect(error.direction).toBe("response");
    expect(error.errors.map((e) => e.parameter)).toContain("data");
  });
});

describe("validation hook with a fake validator", () => {
  const calls: string[] = [];
  const fake: ValidatorModule = {
    findOperationId: (method, path) => (path === "/12/accounts" ? `${method}:${path}` : undefined),
    getOperation: (id) => ({
      validateRequest: (input) => {
        calls.push(`req ${id} ${JSON.stringify(input.query)}`);
        return { valid: true };
      },
      validateResponse: (status) => {
        calls.push(`res ${id} ${status}`);
        return { valid: true };
      },
    }),
  };
  it("passes operationId, parameters and status; off sends straight through; unknown operations are skipped", async () => {
    server.script(json(200, { data: [], next_cursor: null }), json(200, {}), json(200, {}));
    await createAdsClient({
      baseUrl: server.url,
      oauth1,
      validation: { mode: "requests-and-responses", validator: fake },
    }).GET("/12/accounts", { params: { query: { count: 5 } } });
    await createAdsClient({ baseUrl: server.url, oauth1, validation: { mode: "off", validator: fake } }).GET(
      "/12/accounts",
    );
    await createAdsClient({ baseUrl: server.url, oauth1, validation: { mode: "requests", validator: fake } }).GET(
      "/12/accounts/{account_id}",
      { params: { path: { account_id: "x" } } },
    );
    expect(calls).toEqual(['req get:/12/accounts {"count":5}', "res get:/12/accounts 200"]);
    expect(server.requests).toHaveLength(3);
  });
});
