import { readFileSync } from "node:fs";
import { operationsOf } from "@xads/spec/lib/model.mjs";
import { describe, expect, it } from "vitest";
import { enrichBundle } from "../src/enrich.mjs";
import {
  curlSample,
  localCurlSample,
  namedOperationSample,
  SAMPLE_LANGUAGES,
  tsLiteral,
  typescriptSample,
} from "../src/samples.mjs";

const bundle = JSON.parse(readFileSync(new URL("./fixtures/mini.json", import.meta.url), "utf8"));
/** The fixture's operation `id`, read as the model reads a document (`document`: whose client it uses). */
const entry = (id: string, document = "ads") => {
  const found = operationsOf(document, bundle).find((op) => op.id === id);
  if (!found) throw new Error(`no ${id} in the fixture`);
  return found;
};
const curl = (id: string) => curlSample(entry(id));

describe("curl samples", () => {
  it("fills path parameters and sends only required parameters on reads", () => {
    expect(curl("listLineItems")).toBe(
      [
        "# OAUTH_HEADER: the OAuth 1.0a header signed for this request (see Authentication)",
        `curl 'https://ads-api.x.com/12/accounts/18ce54d4x5t/line_items' \\`,
        `  -H "Authorization: $OAUTH_HEADER"`,
      ].join("\n"),
    );
  });

  it("sends the optional query examples of a write, skipping parameters an exclusive rule forbids together", () => {
    const sample = curl("createLineItem");
    expect(sample).toContain(
      `curl -X POST 'https://ads-api.x.com/12/accounts/18ce54d4x5t/line_items?name=it'\\''s%20new&cursor=8x7v00oow'`,
    );
    expect(sample).not.toContain("with_total_count");
  });

  it("uses the operation's own server and sends a JSON body", () => {
    const sample = curl("batchLineItems");
    expect(sample).toContain("https://ads-api-sandbox.x.com/12/batch/accounts/18ce54d4x5t/line_items");
    expect(sample).toContain(`-H "Content-Type: application/json"`);
    expect(sample).toContain(`--data '[{"operation_type":"Create","params":{"name":"x"}}]'`);
  });

  it("uses Basic credentials and a form body for the bearer token", () => {
    const sample = curl("createBearerToken");
    expect(sample).toContain(`-u "$X_API_KEY:$X_API_KEY_SECRET"`);
    expect(sample).toContain("--data-urlencode 'grant_type=client_credentials'");
    expect(sample).not.toContain("OAUTH_HEADER");
  });

  it("sends no credentials where the operation needs none, and files as multipart parts", () => {
    expect(curl("authorizeRequestToken")).toBe("curl 'https://ads-api.x.com/oauth/authorize?oauth_token=tok'");
    const upload = curl("appendMediaUpload");
    expect(upload).toContain("https://api.x.com/2/media/upload/1880028106020515840/append");
    expect(upload).toContain("-F 'media=@media.bin'");
    expect(upload).toContain("-F 'segment_index=0'");
  });
});

describe("TypeScript samples", () => {
  it("calls the document's client with the path template, parameters and body", () => {
    const sample = typescriptSample(entry("batchLineItems"));
    expect(sample).toContain(`import { createAdsClient } from "@xads/client";`);
    expect(sample).toContain(`baseUrl: "https://ads-api-sandbox.x.com",`);
    expect(sample).toContain("consumerKey: process.env.X_API_KEY!,");
    expect(sample).toContain(`await ads.POST("/12/batch/accounts/{account_id}/line_items", {`);
    expect(sample).toContain(`path: {\n      account_id: "18ce54d4x5t",\n    },`);
    expect(sample).toContain(`operation_type: "Create",`);
  });

  it("uses the factory of each document and quotes keys that are not identifiers", () => {
    expect(typescriptSample(entry("listLineItems", "tailored-audiences"))).toContain("createTailoredAudiencesClient");
    expect(typescriptSample(entry("appendMediaUpload", "upload"))).toContain("await upload.POST(");
    expect(tsLiteral({ "a-b": [1, "x"], ok: null })).toBe(`{\n  "a-b": [1, "x"],\n  ok: null,\n}`);
  });
});

describe("samples for the local emulator and named operations", () => {
  it("point curl at the port `pnpm start` serves, with the fixture's key instead of a signature", () => {
    const sample = localCurlSample(entry("listLineItems"), {
      port: 4011,
      fixture: { consumerKey: "key", consumerSecret: "secret", token: "token" },
    });
    expect(sample).toContain("curl 'http://127.0.0.1:4011/12/accounts/18ce54d4x5t/line_items'");
    expect(sample).toContain(`-H 'Authorization: OAuth oauth_consumer_key="key", oauth_token="token"'`);
    expect(sample).not.toContain("OAUTH_HEADER");
    expect(sample).not.toContain("ads-api.x.com");
  });

  it("call the same operation by name with the path call's parameters", () => {
    const named = namedOperationSample(entry("createLineItem"));
    expect(named).toContain('import { call, createLineItem } from "@xads/client/operations";');
    expect(named).toContain("await call(ads, createLineItem, {");
    expect(named).not.toContain("ads.POST(");
    expect(namedOperationSample(entry("listLineItems"))).toMatch(/await call\(ads, listLineItems, \{[\s\S]*\}\);$/);
  });
});

describe("the build-time copy", () => {
  it("adds samples and rules to every operation and leaves the bundle untouched", () => {
    const before = JSON.stringify(bundle);
    const copy = enrichBundle({ bundle, operations: operationsOf("ads", bundle) }, [
      { href: "index.html", title: "Overview" },
    ]);
    expect(JSON.stringify(bundle)).toBe(before);
    const operations = operationsOf("ads", copy);
    expect(operations).toHaveLength(6);
    for (const { raw } of operations) {
      expect(raw["x-codeSamples"].map((s: { label: string }) => s.label)).toEqual([
        "curl",
        "TypeScript",
        "TypeScript (named operation)",
      ]);
    }
    const local = enrichBundle({ bundle, operations: operationsOf("ads", bundle) }, [], {
      port: 4011,
      fixture: { consumerKey: "key", consumerSecret: "secret", token: "token" },
    });
    const labels = operationsOf("ads", local).map((op) =>
      op.raw["x-codeSamples"].map((s: { lang: string; label: string }) => `${s.lang}:${s.label}`),
    );
    expect(labels[0]).toEqual(SAMPLE_LANGUAGES.map((l) => `${l.lang}:${l.label}`));
    const create = operations.find((op) => op.id === "createLineItem");
    expect(create?.raw.description).toContain("The bid must not exceed the budget.");
    expect(create?.raw.description).toContain("`with_total_count` and `cursor` exclude each other.");
    expect(create?.raw.description).toContain("Error: `EXCLUSIVE_PARAMETERS`");
    expect(copy.info.description.startsWith("[Overview](index.html)")).toBe(true);
  });
});
