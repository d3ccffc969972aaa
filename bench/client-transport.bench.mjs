// End-to-end client throughput against twitter-api-v2 (node:http with keep-alive), measured in the same
// run: one local keep-alive node:http server in a child process, 16 requests in flight, a small JSON
// answer with rate-limit headers. Both sides sign OAuth 1.0a user context (the server answers 401 to a
// request without an OAuth signature, and the bench fails if one was seen) and both parse the JSON body.
// Each side runs in a process of its own, as an application would, so that no side's JIT feedback or
// garbage reaches another; the sides take turns, one at a time, round after round. Rows:
// (a) @xads/client with the defaults (no `fetch` option: on Node, @xads/client/node's transport) vs twitter-api-v2;
// (b) @xads/client with `fetch: globalThis.fetch` (Node's fetch, the default of other runtimes) vs twitter-api-v2;
// (c) @xads/client with an explicit createNodeFetch() from @xads/client/node vs twitter-api-v2.
import { fork } from "node:child_process";
import { once } from "node:events";
import { createServer, Agent as HttpAgent } from "node:http";
import { median } from "./statistics.mjs";

const IN_FLIGHT = 16;
const ROUND_MS = 1_000;
const WARM_UP_MS = 3_000;
const ROUNDS = 7;
const ACCOUNT = "18ce54d4x5t";
const credentials = {
  consumerKey: "xvz1evFS4wEEPTGEFPHBog",
  consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
  token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
  tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
};
const SIDES = /** @type {const} */ (["twitter", "defaults", "fetch", "undici"]);
/** @typedef {(typeof SIDES)[number]} Side */

/** The server: a small JSON answer with rate-limit headers; 401 to a request that is not OAuth-signed. */
function serve() {
  const body = JSON.stringify({
    request: { params: { account_id: ACCOUNT } },
    data: { id: ACCOUNT, name: "API McTestface", timezone: "America/Los_Angeles", deleted: false },
  });
  let unsigned = 0;
  const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
    request.resume();
    const authorization = request.headers.authorization ?? "";
    const signed =
      authorization.startsWith("OAuth ") &&
      authorization.includes("oauth_signature=") &&
      authorization.includes(`oauth_token="${encodeURIComponent(credentials.token)}"`);
    if (!signed) unsigned++;
    response.writeHead(signed ? 200 : 401, {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      "x-rate-limit-limit": "450",
      "x-rate-limit-remaining": "449",
      "x-rate-limit-reset": "1767225600",
    });
    response.end(signed ? body : '{"errors":[{"code":"UNAUTHORIZED_ACCESS"}]}');
  });
  server.listen(0, "127.0.0.1", () => process.send?.({ port: /** @type {any} */ (server.address()).port }));
  process.on("message", (message) => {
    if (message === "unsigned") process.send?.({ unsigned });
  });
  process.on("disconnect", () => process.exit(0));
}

/**
 * One request of a side, checked (a failed or wrong answer throws).
 * @param {Side} side
 * @param {string} origin
 * @returns {Promise<() => Promise<void>>}
 */
async function sender(side, origin) {
  if (side === "twitter") {
    const { TwitterApi } = await import("twitter-api-v2");
    const twitter = new TwitterApi(
      {
        appKey: credentials.consumerKey,
        appSecret: credentials.consumerSecret,
        accessToken: credentials.token,
        accessSecret: credentials.tokenSecret,
      },
      { httpAgent: new HttpAgent({ keepAlive: true }) },
    );
    const url = `${origin}/12/accounts/${ACCOUNT}`;
    return async () => {
      const data = await twitter.get(url, { with_deleted: "true" }, { prefix: "" });
      if (data?.data?.id !== ACCOUNT) throw new Error(`twitter-api-v2: ${JSON.stringify(data)}`);
    };
  }
  const { createAdsClient } = await import("@xads/client");
  const fetch =
    side === "undici"
      ? (await import("@xads/client/node")).createNodeFetch()
      : side === "fetch"
        ? globalThis.fetch
        : undefined;
  const ads = createAdsClient({ baseUrl: origin, oauth1: credentials, ...(fetch ? { fetch } : {}) });
  const params = { params: { path: { account_id: ACCOUNT }, query: { with_deleted: true } } };
  return async () => {
    const { data, error } = await ads.GET("/12/accounts/{account_id}", params);
    if (error !== undefined || data?.data.id !== ACCOUNT) throw new Error(`@xads/client: ${JSON.stringify(error)}`);
  };
}

/**
 * Requests per second with IN_FLIGHT requests in flight for `ms`.
 * @param {() => Promise<void>} send
 * @param {number} ms
 */
async function throughput(send, ms) {
  let done = 0;
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < end) {
        await send();
        done++;
      }
    }),
  );
  return (done / (performance.now() - started)) * 1000;
}

/**
 * A side's process: answers each `{ ms }` message with the requests per second of a round that long.
 * @param {Side} side
 * @param {string} origin
 */
async function side(side, origin) {
  const send = await sender(side, origin);
  process.on("message", async (/** @type {{ ms: number }} */ { ms }) => {
    try {
      process.send?.({ rate: await throughput(send, ms) });
    } catch (error) {
      process.send?.({ error: String(error instanceof Error ? error.message : error) });
    }
  });
  process.on("disconnect", () => process.exit(0));
  process.send?.({ ready: true });
}

if (process.argv[2] === "--serve") serve();
if (process.argv[2] === "--side") await side(/** @type {Side} */ (process.argv[3]), process.argv[4] ?? "");

/**
 * Forks this file in a mode; answers the child, its first message and a way to ask it something.
 * @param {string[]} args
 */
async function child(args) {
  const forked = fork(new URL(import.meta.url), args, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [first] = await once(forked, "message");
  return {
    first,
    /** @param {unknown} message */
    ask: async (message) => {
      forked.send(/** @type {any} */ (message));
      const [answer] = await once(forked, "message");
      return answer;
    },
    stop: async () => {
      if (!forked.connected) return;
      forked.disconnect();
      await once(forked, "exit");
    },
  };
}

export default async function run() {
  const server = await child(["--serve"]);
  const origin = `http://127.0.0.1:${server.first.port}`;
  /** @type {Record<Side, Awaited<ReturnType<typeof child>>>} */
  const sides = /** @type {any} */ ({});
  try {
    for (const name of SIDES) sides[name] = await child(["--side", name, origin]);
    /** @param {Side} name @param {number} ms */
    const round = async (name, ms) => {
      const answer = await sides[name].ask({ ms });
      if (answer.error !== undefined) throw new Error(answer.error);
      return /** @type {number} */ (answer.rate);
    };
    for (const name of SIDES) await round(name, WARM_UP_MS);
    /** @type {Record<Side, number[]>} */
    const rates = { twitter: [], defaults: [], fetch: [], undici: [] };
    for (let r = 0; r < ROUNDS; r++) {
      // Each side takes each place in the order in turn, so that all run under the same load.
      for (let i = 0; i < SIDES.length; i++) {
        const name = SIDES[(i + r) % SIDES.length] ?? "twitter";
        rates[name].push(await round(name, ROUND_MS));
      }
    }
    const { unsigned } = await server.ask("unsigned");
    if (unsigned > 0) throw new Error(`the server saw ${unsigned} requests without an OAuth 1.0a signature`);
    const theirs = median(rates.twitter);
    /** @param {number} value */
    const rps = (value) => `${Math.round(value).toLocaleString("en-US")} req/s`;
    /** @param {string} name @param {number[]} ours @param {boolean} aimed whether the 1.2x aim is this row's */
    const row = (name, ours, aimed) => {
      // The median of each round's ratio: the sides of a round ran one after the other, under the same load.
      const ratio = median(ours.map((value, i) => value / (rates.twitter[i] ?? Number.NaN)));
      return {
        name: `${name} vs twitter-api-v2, ${IN_FLIGHT} in flight, each in its own process`,
        result: `${rps(median(ours))} vs ${rps(theirs)}`,
        ratio: Number(ratio.toFixed(2)),
        target: aimed ? ">= 1.2x" : "for information",
        met: aimed ? ratio >= 1.2 : undefined,
      };
    };
    return [
      // The aim is the defaults' (what users take) and the explicit Node transport's; Node's fetch is
      // there for information, as the default of other runtimes and the `fetch: globalThis.fetch` option.
      row("@xads/client, defaults (no option),", rates.defaults, true),
      row("@xads/client, fetch: globalThis.fetch (Node's),", rates.fetch, false),
      row("@xads/client, @xads/client/node (undici),", rates.undici, true),
    ];
  } finally {
    for (const name of SIDES) await sides[name]?.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === undefined) {
  console.table(await run());
}
