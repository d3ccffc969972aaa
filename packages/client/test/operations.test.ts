// Named operations: the generated table holds every operation of the served documents exactly once, as
// the spec model lists them, and `call` sends what the path call sends (method, URL with path
// parameters and query, body), through a recording fetch and through the emulator.
import { createEmulator, type Emulator } from "@xads/emulator";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ADS_SANDBOX_BASE_URL,
  createAdsClient,
  createAuthClient,
  createTailoredAudiencesClient,
  createUploadClient,
  type FetchLike,
} from "../src/index.js";
import * as named from "../src/operations.js";
import { call, createCampaign, listAccounts, listCampaigns, type NamedOperation } from "../src/operations.js";

const spec = loadSpec();

/** The generated constants among the module's exports, by export name. */
function generatedOperations(): Array<[string, NamedOperation]> {
  return Object.entries(named as Record<string, unknown>).filter(
    (entry): entry is [string, NamedOperation] =>
      typeof entry[1] === "object" && entry[1] !== null && "id" in entry[1] && "path" in entry[1],
  );
}

describe("the generated operations", () => {
  it("hold every operation of the served documents exactly once", () => {
    const documents = spec.served("api");
    expect(documents.map((d) => d.name).sort()).toEqual(["ads", "auth", "tailored-audiences", "upload"]);
    const expected = documents
      .flatMap((d) => d.operations())
      .map((op) => ({ id: op.id, document: op.document, method: op.method, path: op.path }));
    const generated = generatedOperations();
    for (const [name, op] of generated) expect(op.id, `the export ${name}`).toBe(name);
    const byKey = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(generated.map(([, op]) => ({ ...op })).sort(byKey)).toEqual(expected.sort(byKey));
    const routes = generated.map(([, op]) => `${op.document} ${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("are all the module holds at run time, with call", () => {
    const others = Object.entries(named).filter(([name]) => !generatedOperations().some(([n]) => n === name));
    expect(others.map(([name]) => name)).toEqual(["call"]);
  });
});

interface Sent {
  method: string;
  url: string;
  body: string | undefined;
}

/** A fetch that records what it is sent and answers an empty JSON object. */
function recorder(): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    sent.push({ method: String(init.method), url: String(url), body });
    return new Response(JSON.stringify({}), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch, sent };
}

type AnyCall = (path: string, init?: unknown) => Promise<{ response: Response }>;

describe("call sends what the path call sends", () => {
  it("for every operation, with its path parameters", async () => {
    const { fetch, sent } = recorder();
    const options = { fetch, bearer: "b", retry: false as const };
    const clients: Record<string, object> = {
      ads: createAdsClient(options),
      auth: createAuthClient(options),
      "tailored-audiences": createTailoredAudiencesClient(options),
      upload: createUploadClient(options),
    };
    const operations = generatedOperations();
    expect(operations.length).toBeGreaterThan(100);
    for (const [, op] of operations) {
      const client = clients[op.document] as Record<string, AnyCall>;
      const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const init = { params: { path: Object.fromEntries(names.map((n) => [n, `${n} 1`])) } };
      sent.length = 0;
      await (call as (client: unknown, op: unknown, init: unknown) => Promise<unknown>)(client, op, init);
      await client[op.method.toUpperCase()]?.(op.path, init);
      expect(sent, op.id).toHaveLength(2);
      expect(sent[0], op.id).toEqual(sent[1]);
      expect(sent[0]?.method).toBe(op.method.toUpperCase());
      for (const n of names) expect(sent[0]?.url, op.id).toContain(`${n}%201`);
    }
  });

  it("with query and body", async () => {
    const { fetch, sent } = recorder();
    const ads = createAdsClient({ fetch, bearer: "b" });
    const params = {
      path: { account_id: "18ce54d4x5t" },
      query: { count: 10, campaign_ids: ["c1", "c2"], with_deleted: true },
    };
    await call(ads, listCampaigns, { params });
    await ads.GET("/12/accounts/{account_id}/campaigns", { params });
    expect(sent[0]).toEqual(sent[1]);
    expect(sent[0]?.url).toBe(
      "https://ads-api.x.com/12/accounts/18ce54d4x5t/campaigns?count=10&campaign_ids=c1,c2&with_deleted=true",
    );
    sent.length = 0;
    const body = [{ operation_type: "Create" as const, params: { name: "n", funding_instrument_id: "f" } }];
    await call(ads, named.batchCampaigns, { params: { path: { account_id: "a" } }, body });
    await ads.POST("/12/batch/accounts/{account_id}/campaigns", { params: { path: { account_id: "a" } }, body });
    expect(sent[0]).toEqual(sent[1]);
    expect(JSON.parse(sent[0]?.body ?? "null")).toEqual(body);
  });
});

describe("call against the emulator", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ auth: "lenient" });
  });

  it("answers as the path call does", async () => {
    const { consumerKey, consumerSecret, token, tokenSecret, accountId } = emulator.fixture;
    // The sandbox host: the funding instrument below is created there only.
    const ads = createAdsClient({
      baseUrl: ADS_SANDBOX_BASE_URL,
      fetch: emulator.fetch.bind(emulator),
      oauth1: { consumerKey, consumerSecret, token, tokenSecret },
    });
    const accounts = await call(ads, listAccounts);
    expect(accounts.response.status, JSON.stringify(accounts.error)).toBe(200);
    expect(accounts.data).toEqual((await ads.GET("/12/accounts")).data);

    const funding = await ads.POST("/12/accounts/{account_id}/funding_instruments", {
      params: {
        path: { account_id: accountId },
        query: { currency: "USD", start_time: "2026-01-01", type: "INSERTION_ORDER", credit_limit_local_micro: 1e9 },
      },
    });
    expect(funding.response.status, JSON.stringify(funding.error)).toBe(200);
    const created = await call(ads, createCampaign, {
      params: {
        path: { account_id: accountId },
        query: { funding_instrument_id: String(funding.data?.data.id), name: "named" },
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    expect(created.data?.data.name).toBe("named");

    const params = { path: { account_id: accountId }, query: { count: 10 } };
    const listed = await call(ads, listCampaigns, { params });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.data.map((c) => c.id)).toContain(created.data?.data.id);
    expect(listed.data).toEqual((await ads.GET("/12/accounts/{account_id}/campaigns", { params })).data);

    const missing = await call(ads, listCampaigns, { params: { path: { account_id: "nope" } } });
    const missingByPath = await ads.GET("/12/accounts/{account_id}/campaigns", {
      params: { path: { account_id: "nope" } },
    });
    expect(missing.response.status).toBe(missingByPath.response.status);
    expect(missing.error).toEqual(missingByPath.error);
  });
});
