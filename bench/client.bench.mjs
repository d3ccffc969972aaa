// Client benchmarks, each against a baseline measured in the same run:
// (a) per-request overhead of @xads/client (OAuth 1.0a signing on, validation off) over raw fetch,
//     both calling the same stubbed fetch, so only the client's own work differs;
// (b) signing throughput (the per-credential signer the client signs with, createOAuth1Signer) against
//     the oauth-1.0a package with node:crypto HMAC-SHA1.
import { createHmac } from "node:crypto";
import { createAdsClient, createOAuth1Signer, signOAuth1 } from "@xads/client";
import OAuth from "oauth-1.0a";
import { Bench } from "tinybench";
import { median, statistics } from "./statistics.mjs";

/** @typedef {import("tinybench").Task} Task */

const credentials = {
  consumerKey: "xvz1evFS4wEEPTGEFPHBog",
  consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
  token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
  tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
};
const body = JSON.stringify({
  request: { params: { account_id: "18ce54d4x5t" } },
  data: { id: "18ce54d4x5t", name: "API McTestface", timezone: "America/Los_Angeles", deleted: false },
});
const responseInit = {
  status: 200,
  headers: {
    "content-type": "application/json",
    "x-rate-limit-limit": "450",
    "x-rate-limit-remaining": "449",
    "x-rate-limit-reset": "1767225600",
  },
};
/**
 * The stub both sides call: answers at once with the same small JSON body.
 * @type {typeof fetch}
 */
const stubFetch = async () => new Response(body, responseInit);

/**
 * Measures baseline and candidate in alternating short rounds and returns each side's per-round
 * measures. On a shared machine the load changes from second to second; alternating keeps both sides
 * of a round under the same load, and medians (per round and over rounds) drop scheduling and GC
 * outliers.
 * @param {() => unknown} baseline
 * @param {() => unknown} candidate
 * @param {(task: Task | undefined) => number} measure
 * @returns {Promise<{ baseline: number[], candidate: number[] }>}
 */
async function interleaved(baseline, candidate, measure, rounds = 7) {
  const a = [];
  const b = [];
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time: 250, warmupTime: 50 });
    if (round % 2 === 0) bench.add("baseline", baseline).add("candidate", candidate);
    else bench.add("candidate", candidate).add("baseline", baseline);
    await bench.run();
    a.push(measure(bench.getTask("baseline")));
    b.push(measure(bench.getTask("candidate")));
  }
  return { baseline: a, candidate: b };
}

async function requestOverhead() {
  const ads = createAdsClient({ oauth1: credentials, fetch: stubFetch });
  const url = "https://ads-api.x.com/12/accounts/18ce54d4x5t?with_deleted=true";
  const rounds = await interleaved(
    async () => {
      const response = await stubFetch(url, { method: "GET" });
      await response.json();
    },
    async () => {
      await ads.GET("/12/accounts/{account_id}", {
        params: { path: { account_id: "18ce54d4x5t" }, query: { with_deleted: true } },
      });
    },
    (task) => statistics(task).latency.p50 * 1000, // µs
    15,
  );
  const raw = median(rounds.baseline);
  const client = median(rounds.candidate);
  // The median of each round's difference: both sides of a round ran under the same load.
  const added = median(rounds.candidate.map((value, i) => value - (rounds.baseline[i] ?? Number.NaN)));
  return {
    name: "client per-request overhead (signing on, validation off) vs raw fetch",
    result: `${added.toFixed(2)} µs added (${client.toFixed(2)} µs vs ${raw.toFixed(2)} µs)`,
    ratio: Number((client / raw).toFixed(2)),
    target: "<= 20 µs added per request",
    met: added <= 20,
  };
}

async function signingThroughput() {
  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
  const token = { key: credentials.token, secret: credentials.tokenSecret };
  const url =
    "https://ads-api.x.com/12/accounts/18ce54d4x5t/campaigns?funding_instrument_id=lygyi&entity_status=PAUSED";
  const form = {
    name: "Hello Ladies + Gentlemen, a signed OAuth request!",
    daily_budget_amount_local_micro: "5000000",
  };
  // Same request both ways; both check against each other (and the signer against signOAuth1) once before timing.
  const signer = createOAuth1Signer(credentials);
  const nonce = "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg";
  const timestamp = 1318622958;
  const signed = signer.sign({ method: "POST", url, form, nonce, timestamp });
  const reference = signOAuth1({ method: "POST", url, form, ...credentials, nonce, timestamp });
  if (signed.authorization !== reference.authorization) {
    throw new Error(`signer and signOAuth1 differ: ${signed.authorization} vs ${reference.authorization}`);
  }
  const ours = signed.signature;
  const { oauth_signature: _, ...oauthData } = oauth.authorize({ url, method: "POST", data: form }, token);
  const theirsFixed = oauth.getSignature({ url, method: "POST", data: form }, token.secret, {
    ...oauthData,
    oauth_nonce: nonce,
    oauth_timestamp: timestamp,
  });
  if (ours !== theirsFixed) throw new Error(`signatures differ: ${ours} vs ${theirsFixed}`);

  const signing = await interleaved(
    () => {
      oauth.toHeader(oauth.authorize({ url, method: "POST", data: form }, token));
    },
    () => {
      signer.sign({ method: "POST", url, form });
    },
    (task) => statistics(task).throughput.p50,
  );
  const baseline = median(signing.baseline);
  const ours2 = median(signing.candidate);
  // The median of each round's ratio: both sides of a round ran under the same load.
  const ratio = median(signing.candidate.map((value, i) => value / (signing.baseline[i] ?? Number.NaN)));
  return {
    name: "signing throughput (createOAuth1Signer) vs oauth-1.0a (node:crypto)",
    result: `${Math.round(ours2).toLocaleString("en-US")} ops/s vs ${Math.round(baseline).toLocaleString("en-US")} ops/s`,
    ratio: Number(ratio.toFixed(2)),
    target: ">= 3x",
    met: ratio >= 3,
  };
}

export default async function run() {
  return [await requestOverhead(), await signingThroughput()];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
