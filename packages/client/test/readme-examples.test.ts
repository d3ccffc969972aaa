// The README's ```ts blocks, read from README.md and run unchanged against an in-process emulator that
// checks OAuth 1.0a signatures. Each block becomes a module: a prelude defines what the README leaves
// to the reader (credentials from the fixture, an `ads` client, batch `operations`, ...) unless the
// block declares it, "@xads/client" is test/support/readme-client.ts (the source, its clients sent to
// the emulator whatever host the block names), and the block's top-level bindings are exported for
// the checks below.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createEmulator, type Emulator } from "@xads/emulator";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Block, topLevelNames, tsBlocks } from "./support/readme-blocks.js";
import * as readmeClient from "./support/readme-client.js";

// biome-ignore lint/suspicious/noExplicitAny: a block's exports are whatever it declares
type Exports = Record<string, any>;
interface Context {
  emu: Emulator;
  /** The prelude's client. */
  ads: readmeClient.AdsClient;
  logged: unknown[][];
  gauges: unknown[][];
  /** What the block sent: operation id and status of each request. */
  sent: () => string[];
}
interface Example {
  /** Records the block reads, made before it runs. */
  setup?: (ads: readmeClient.AdsClient) => Promise<void>;
  /** The block completed: its bindings. */
  check?: (exports: Exports, context: Context) => void | Promise<void>;
  /** The block ends by throwing, as it says it does. */
  throws?: (error: unknown, context: Context) => void;
}

const README = fileURLToPath(new URL("../README.md", import.meta.url));
const PRODUCTION_HOSTS = new Set(["ads-api.x.com", "ads-api-sandbox.x.com", "api.x.com", "upload.x.com"]);
const BATCH_ITEMS = 41;
/** More campaigns than one page of the paging example (`count: 1000`). */
const PAGED_CAMPAIGNS = 1_050;

/**
 * Blocks the emulator cannot run yet, by heading: each is run and must fail as said, so that a fixed
 * one fails here until it moves to EXAMPLES.
 */
const KNOWN_FAILURES: Record<string, { reason: string; error: RegExp }> = {};

const EXAMPLES: Record<string, Example> = {
  "@xads/client": {
    check: ({ data, error }, { emu }) => {
      expect(error).toBeUndefined();
      expect(data.data.id).toBe(emu.fixture.accountId);
    },
  },
  "@xads/client (2)": {
    check: ({ sandbox, mock }, { sent }) => {
      expect(sandbox.baseUrl).toBe("https://ads-api-sandbox.x.com");
      expect(mock.baseUrl).toBe("http://127.0.0.1:4011");
      expect(sent()).toEqual([]);
    },
  },
  "7. Uploads": {
    check: ({ media }, { logged, sent }) => {
      expect(media.mediaId).toMatch(/^\d+$/);
      expect(media.mediaKey).toMatch(/^\d+_\d+$/);
      expect(media.processingInfo?.state).toBe("succeeded");
      expect(new Set(logged.map(([phase]) => phase))).toEqual(new Set(["upload", "processing"]));
      expect(sent().filter((line) => line.startsWith("getMediaUploadCommandStatus")).length).toBeGreaterThan(0);
    },
  },
  "5. Errors (2)": {
    check: ({ data }, { emu }) => {
      expect(data.data.id).toBe(emu.fixture.accountId);
      expect(typeof data.data.name).toBe("string");
    },
  },
  "5. Errors (3)": {
    check: ({ data }, { logged, sent }) => {
      expect(sent()).toEqual(["listAccounts 200"]);
      expect(logged).toEqual([[data.data.map((account: { name: string }) => account.name)]]);
    },
  },
  "11. Waiting for processing": {
    check: ({ media, targetable, emu: own }, { logged, sent }) => {
      expect(media.processingInfo?.state).toBe("succeeded");
      expect(targetable).toBe(false);
      expect(String(logged[1]?.[0])).toMatch(/deadlineMs \(86400000 ms\)/);
      // The block's own emulator answered: 97 reads over the virtual day; the test's emulator saw nothing.
      expect(own.requests.filter((r: { operationId: string }) => r.operationId === "getCustomAudience")).toHaveLength(
        97,
      );
      expect(sent()).toEqual([]);
    },
  },
  "12. Named operations": {
    check: ({ account, created, data, error }, { emu }) => {
      expect(account.data.data.id).toBe(emu.fixture.accountId);
      expect(error).toBeUndefined();
      expect(data.data.map((c: { id: string }) => c.id)).toContain(created.data.data.id);
    },
  },
  "13. Node transport": {
    check: ({ data, nodeFetch }, { emu, sent }) => {
      expect(data.data.id).toBe(emu.fixture.accountId);
      expect(sent()).toEqual(["getAccount 200"]);
      expect(nodeFetch.closed).toBe(true);
    },
  },
  "14. Rate-limit scheduler": {
    check: ({ reads, stats }, { sent }) => {
      expect(reads.map((r: { response: Response }) => r.response.status)).toEqual([200, 200]);
      expect(sent().sort()).toEqual(["getAccount 200", "listCampaigns 200"]);
      expect(stats).toMatchObject({ received: 2, sent: 2, queued: 0, inFlight: 0, tooManyRequests: 0 });
    },
  },
  "15. Layers": {
    check: ({ logged: client }, { logged, sent }) => {
      expect(client.baseUrl).toBe("https://ads-api.x.com");
      expect(sent()).toEqual(["getAccount 200"]);
      expect(logged).toEqual([["GET", "/12/accounts/18ce54d4x5t", 200, expect.stringMatching(/^\d+ ms$/)]]);
    },
  },
  "1. OAuth 1.0a signing": {
    check: ({ signature, authorization }) => {
      expect(signature).toBe("Ls93hJiZbQ3akF3HF3x1Bz8/zU4=");
      expect(authorization).toMatch(/^OAuth /);
    },
  },
  "2. Auth flows": {
    check: ({ url, signIn, user, bearer }, { emu, sent }) => {
      expect(url).toMatch(/^https:\/\/api\.x\.com\/oauth\/authorize\?oauth_token=/);
      expect(signIn).toMatch(/force_login=true/);
      expect(user.screenName).toBe(emu.fixture.screenName);
      expect(bearer).toEqual(expect.any(String));
      expect(sent()).toEqual([
        "createRequestToken 200",
        "authorizeRequestToken 200",
        "createAccessToken 200",
        "invalidateAccessToken 200",
        "createBearerToken 200",
        "invalidateBearerToken 200",
      ]);
    },
  },
  "3. Cursor paging": {
    setup: async (ads) => {
      const operations = Array.from({ length: PAGED_CAMPAIGNS }, (_, i) => ({
        operation_type: "Create" as const,
        params: { name: `paged ${i}`, funding_instrument_id: "lygyi", entity_status: "PAUSED" as const },
      }));
      await readmeClient.sendBatch(ads, "/12/batch/accounts/{account_id}/campaigns", "campaigns", operations, {
        pathParams: { account_id: "18ce54d4x5t" },
      });
    },
    check: async (_, { ads, logged, sent }) => {
      expect(sent()).toEqual(["listCampaigns 200", "listCampaigns 200"]);
      const names = logged.map(([name]) => name);
      const created = Array.from({ length: PAGED_CAMPAIGNS }, (_, i) => `paged ${i}`);
      expect(names.filter((name) => String(name).startsWith("paged "))).toEqual(created);
      const all = await ads.GET("/12/accounts/{account_id}/campaigns", {
        params: { path: { account_id: "18ce54d4x5t" }, query: { count: 1, with_total_count: true } },
      });
      expect(names).toHaveLength(Number(all.data?.total_count));
    },
  },
  "4. Batches": {
    check: ({ created, result }, { sent }) => {
      expect(created).toHaveLength(BATCH_ITEMS);
      expect(sent()).toEqual(["batchCampaigns 200", "batchCampaigns 200", "batchCustomAudienceUsers 200"]);
      expect(result).toMatchObject({ successCount: 1, totalCount: 1, requests: 1 });
    },
  },
  "5. Errors": {
    check: (_, { sent }) => expect(sent()).toEqual(["listAccounts 400"]),
  },
  "6. Rate limits and retries": {
    check: ({ ads }, { gauges, sent }) => {
      expect(sent()).toEqual(["listAccounts 200"]);
      expect(gauges).toEqual([["x_ads_remaining", ads.rateLimit.remaining]]);
      expect(ads.rateLimit.limit).toBeGreaterThan(0);
    },
  },
  "8. Audience identifiers": { check: (_, { sent }) => expect(sent()).toEqual([]) },
  "10. Signing proxy (`xads-sign-proxy`)": {
    check: ({ proxy }, { sent }) => {
      expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sent()).toEqual([]);
    },
  },
  "10. Signing proxy (`xads-sign-proxy`) (2)": {
    check: async ({ answer }, { sent }) => {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-xads-proxy-oauth-token")).toMatch(/\S/);
      expect(sent()).toEqual(["createRequestToken 200"]);
    },
  },
  "9. Validation": {
    throws: (error, { sent }) => {
      expect(error).toBeInstanceOf(readmeClient.XAdsValidationError);
      expect((error as Error).message).toMatch(/^listAccounts: invalid request: count: count must be at least 1/);
      expect(sent()).toEqual([]);
    },
  },
};

const SPECIFIERS: Record<string, string> = {
  "@xads/client": fileURLToPath(new URL("./support/readme-client.ts", import.meta.url)),
  "@xads/client/sign-proxy": fileURLToPath(new URL("../src/sign-proxy/index.ts", import.meta.url)),
  "@xads/client/signing-fetch": fileURLToPath(new URL("../src/sign-proxy/signing-fetch.ts", import.meta.url)),
  "@xads/client/operations": fileURLToPath(new URL("../src/operations.ts", import.meta.url)),
  "@xads/client/node": fileURLToPath(new URL("./support/readme-node.ts", import.meta.url)),
  "@xads/validator": createRequire(import.meta.url).resolve("@xads/validator"),
  "@xads/emulator": createRequire(import.meta.url).resolve("@xads/emulator"),
};

/** What the prelude gives a block; `setVerifier` is set by the block's module (see moduleOf). */
type Prelude = Record<string, unknown> & { setVerifier?: (verifier: string) => void };

/** The block as a module: prelude, the block as written, its bindings exported; JavaScript. */
function moduleOf(block: Block, prelude: string[]): string {
  const { imported, declared } = topLevelNames(block.code);
  const free = prelude.filter((name) => !imported.has(name) && !declared.has(name));
  const source = [
    `const { ${free.join(", ")} } = globalThis.__xadsReadme;`,
    // The reader's verifier arrives when the user approves the request token (see routeTo below).
    declared.has("verifier") ? "" : "let verifier; globalThis.__xadsReadme.setVerifier = (v) => { verifier = v; };",
    block.code,
    // Always a module, even when the block declares nothing (a top-level `for await` needs one).
    `export { ${[...declared].join(", ")} };`,
  ].join("\n");
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  }).outputText;
  return js.replace(/(["'])(@xads\/[a-z-]+(?:\/[a-z-]+)?)\1/g, (text, _, name: string) =>
    SPECIFIERS[name] ? JSON.stringify(SPECIFIERS[name]) : text,
  );
}

describe("the README's examples run unchanged against the emulator", () => {
  const blocks = tsBlocks(readFileSync(README, "utf8"));
  let emu: Emulator;
  let dir: string;
  beforeAll(async () => {
    emu = await createEmulator({ auth: "strict", rateLimits: true });
    dir = mkdtempSync(join(tmpdir(), "xads-readme-"));
  });
  afterAll(() => {
    readmeClient.routeTo(undefined);
    delete (globalThis as { __xadsReadme?: Prelude }).__xadsReadme;
    rmSync(dir, { recursive: true, force: true });
  });

  it("every block is run or listed with a reason", () => {
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.map((b) => b.id).sort()).toEqual([...Object.keys(EXAMPLES), ...Object.keys(KNOWN_FAILURES)].sort());
  });

  it.each(blocks.map((b) => [b.id, b] as const))("%s", async (id, block) => {
    emu.reset();
    const { consumerKey, consumerSecret, token, tokenSecret, fundingInstrumentId } = emu.fixture;
    const oauth1 = { consumerKey, consumerSecret, token, tokenSecret };
    const logged: unknown[][] = [];
    const gauges: unknown[][] = [];
    readmeClient.routeTo(async (input, init) => {
      const url = new URL(input);
      if (!PRODUCTION_HOSTS.has(url.hostname)) throw new Error(`the example sends to ${url.origin}`);
      const response = await emu.fetch(input, init);
      // The user opens the authorize page of each request token; the callback gets oauth_verifier.
      if (url.pathname === "/oauth/request_token" && response.ok) {
        const requestToken = new URLSearchParams(await response.clone().text()).get("oauth_token") ?? "";
        const page = await emu.fetch(`https://api.x.com/oauth/authorize?oauth_token=${requestToken}`);
        const callback = new URL(page.headers.get("x-xads-emulator-callback") ?? "about:blank");
        prelude.setVerifier?.(callback.searchParams.get("oauth_verifier") ?? "");
      }
      return response;
    });
    const prelude: Prelude = {
      ...Object.fromEntries(Object.entries(readmeClient).filter(([name]) => name !== "routeTo")),
      ...oauth1,
      oauth1,
      credentials: oauth1,
      ownerToken: token,
      ownerTokenSecret: tokenSecret,
      fundingInstrumentId,
      emulator: emu,
      ads: readmeClient.createAdsClient({ oauth1 }),
      operations: Array.from({ length: BATCH_ITEMS }, (_, i) => ({
        operation_type: "Create",
        params: { name: `readme ${i}`, funding_instrument_id: fundingInstrumentId, entity_status: "PAUSED" },
      })),
      videoBytes: new Uint8Array(6_000_000),
      metrics: { gauge: (...args: unknown[]) => gauges.push(args) },
      console: { log: (...args: unknown[]) => logged.push(args) },
    };
    const example = EXAMPLES[id];
    await example?.setup?.(prelude.ads as readmeClient.AdsClient);
    const start = emu.requests.length;
    const context: Context = {
      emu,
      ads: prelude.ads as readmeClient.AdsClient,
      logged,
      gauges,
      sent: () => emu.requests.slice(start).map((r) => `${r.operationId} ${r.status}`),
    };

    (globalThis as { __xadsReadme?: Prelude }).__xadsReadme = prelude;
    const file = join(dir, `${blocks.indexOf(block)}.mjs`);
    writeFileSync(file, moduleOf(block, Object.keys(prelude)));
    const outcome = await import(/* @vite-ignore */ file).then(
      (exports: Exports) => ({ exports }),
      (error: unknown) => ({ error }),
    );

    const known = KNOWN_FAILURES[id];
    if (known) {
      expect(outcome, `${id} runs now, no longer failing because ${known.reason}: move it to EXAMPLES`).toHaveProperty(
        "error",
      );
      expect(String((outcome as { error: Error }).error.message)).toMatch(known.error);
    } else if (example?.throws) {
      expect(outcome, `${id} should throw`).toHaveProperty("error");
      example.throws((outcome as { error: unknown }).error, context);
    } else {
      if ("error" in outcome) throw outcome.error;
      await example?.check?.(outcome.exports, context);
    }
  });
});
