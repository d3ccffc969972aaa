// Differential test: the validator and Prism judge the same generated requests (valid ones and single
// mutations) against the ads document. Accept = 2xx, reject = 400/422; they must agree, except where
// the validator rejects only by x-rules, which Prism cannot judge: those are printed as expected.
import { startMocks } from "@xads/mock";
import type { OperationEntry } from "@xads/spec/lib/operations.mjs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOperation } from "../../src/index.js";
import { loadBundles } from "../spec/bundles.js";
import { caseArbitrary, fillPath, queryString, type WireCase } from "./arbitraries.js";

const SEED = Number(process.env.XADS_FC_SEED ?? 20260112);
const RUNS = Number(process.env.XADS_FC_RUNS ?? 1000);
const AUTHORIZATION =
  'OAuth oauth_consumer_key="differential", oauth_nonce="differential", oauth_signature="differential", oauth_signature_method="HMAC-SHA1", oauth_timestamp="0", oauth_version="1.0"';

const ads = loadBundles().find((b) => b.name === "ads");
const entries = new Map<string, OperationEntry>((ads?.operations ?? []).map((e) => [e.operationId, e]));
const arbitraries = (ads?.operations ?? []).flatMap((entry) => {
  const arbitrary = ads ? caseArbitrary(ads.document, entry) : undefined;
  return arbitrary ? [arbitrary] : [];
});

let mocks: Awaited<ReturnType<typeof startMocks>> | undefined;
let baseUrl = "";

beforeAll(async () => {
  mocks = await startMocks({ names: ["ads"], ports: "free" });
  baseUrl = mocks.servers[0]?.url ?? "";
});
afterAll(async () => {
  await mocks?.stop();
});

async function prismVerdict(
  entry: OperationEntry,
  wire: WireCase,
): Promise<{ accept: boolean; status: number; body: string }> {
  const query = queryString(entry, wire.query);
  const url = `${baseUrl}${fillPath(entry.path, wire.path)}${query ? `?${query}` : ""}`;
  const headers: Record<string, string> = { authorization: AUTHORIZATION };
  if (wire.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method: wire.method,
    headers,
    body: wire.body === undefined ? undefined : JSON.stringify(wire.body),
  });
  const body = await response.text();
  if (response.status >= 200 && response.status < 300) return { accept: true, status: response.status, body };
  if (response.status === 400 || response.status === 422) return { accept: false, status: response.status, body };
  throw new Error(`Prism answered ${response.status} for ${wire.method} ${url}: ${body.slice(0, 300)}`);
}

describe("validator vs Prism (ads)", () => {
  it("agree on generated requests, apart from the x-rules Prism cannot judge", async () => {
    expect(arbitraries.length).toBeGreaterThan(0);
    const expected = new Map<string, number>();
    let cases = 0;
    let rejected = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(...arbitraries), async (wire) => {
        const entry = entries.get(wire.operationId) as OperationEntry;
        const ours = getOperation(wire.operationId).validateRequest({
          path: wire.path,
          query: queryString(entry, wire.query),
          body: wire.body,
        });
        const prism = await prismVerdict(entry, wire);
        cases++;
        if (!ours.valid) rejected++;
        if (ours.valid === prism.accept) return;
        const onlyRules = !ours.valid && prism.accept && ours.errors.every((e) => e.message.includes("(rule "));
        if (onlyRules) {
          for (const error of ours.errors) {
            const id = /\(rule ([^,]+),/.exec(error.message)?.[1] ?? "?";
            const key = `${wire.operationId} ${id}`;
            expected.set(key, (expected.get(key) ?? 0) + 1);
          }
          return;
        }
        throw new Error(
          `disagreement on ${wire.operationId} (${wire.mutation}): validator ${ours.valid ? "accepts" : `rejects ${JSON.stringify(ours.errors)}`}; Prism ${prism.status} ${prism.body.slice(0, 400)}`,
        );
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false, verbose: 1 },
    );
    console.log(
      `differential (seed ${SEED}): ${cases} cases over ${arbitraries.length} operations, ${rejected} rejected by the validator`,
    );
    console.log(
      `expected disagreements (x-rules Prism cannot judge; validator rejects, Prism accepts): ${
        expected.size === 0
          ? "none"
          : [...expected]
              .sort()
              .map(([key, count]) => `\n  ${key}: ${count}`)
              .join("")
      }`,
    );
    expect(cases).toBeGreaterThanOrEqual(RUNS);
    expect(rejected).toBeGreaterThan(RUNS / 10);
  }, 120_000);
});
