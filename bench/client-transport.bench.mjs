// End-to-end client throughput against twitter-api-v2 (node:http with keep-alive), measured in the same
// run: one local keep-alive node:http server in a child process (so that client and server do not share
// one thread), 16 requests in flight, a small JSON answer with rate-limit headers. Both sides sign
// OAuth 1.0a user context (the server answers 401 to a request without an OAuth signature, and the
// bench fails if one was seen) and both parse the JSON body. Rows:
// (a) @xads/client with the default fetch (Node's) vs twitter-api-v2;
// (b) @xads/client with @xads/client/node's undici transport vs twitter-api-v2.
// XADS_BENCH_SERVER=in-process runs the server on the bench's own thread instead, for comparison.
import { fork } from "node:child_process";
import { once } from "node:events";
import { createServer, Agent as HttpAgent } from "node:http";
import { createAdsClient } from "@xads/client";
import { createNodeFetch } from "@xads/client/node";
import { TwitterApi } from "twitter-api-v2";
import { median } from "./statistics.mjs";

const IN_FLIGHT = 16;
const ROUND_MS = 1_000;
const ROUNDS = 7;
const ACCOUNT = "18ce54d4x5t";
const credentials = {
  consumerKey: "xvz1evFS4wEEPTGEFPHBog",
  consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
  token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
  tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
};

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
  return { server, unsigned: () => unsigned };
}

if (process.argv[2] === "--serve") {
  const { server, unsigned } = serve();
  server.listen(0, "127.0.0.1", () => process.send?.({ port: /** @type {any} */ (server.address()).port }));
  process.on("message", (message) => {
    if (message === "unsigned") process.send?.({ unsigned: unsigned() });
  });
  process.on("disconnect", () => process.exit(0));
}

/** Starts the server; answers its origin, the count of unsigned requests it saw, and a stop. */
async function startServer() {
  if (process.env.XADS_BENCH_SERVER === "in-process") {
    const { server, unsigned } = serve();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
    return {
      where: "in process",
      origin: `http://127.0.0.1:${port}`,
      unsigned: async () => unsigned(),
      stop: async () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }
  const child = fork(new URL(import.meta.url), ["--serve"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [{ port }] = await once(child, "message");
  return {
    where: "in a child process",
    origin: `http://127.0.0.1:${port}`,
    unsigned: async () => {
      child.send("unsigned");
      const [{ unsigned }] = await once(child, "message");
      return unsigned;
    },
    stop: async () => {
      child.disconnect();
      await once(child, "exit");
    },
  };
}

/**
 * Requests per second with IN_FLIGHT requests in flight for `ms`.
 * @param {() => Promise<unknown>} send
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

export default async function run() {
  const server = await startServer();
  const nodeFetch = createNodeFetch();
  const httpAgent = new HttpAgent({ keepAlive: true });
  try {
    const url = `${server.origin}/12/accounts/${ACCOUNT}`;
    const twitter = new TwitterApi(
      {
        appKey: credentials.consumerKey,
        appSecret: credentials.consumerSecret,
        accessToken: credentials.token,
        accessSecret: credentials.tokenSecret,
      },
      { httpAgent },
    );
    const defaultClient = createAdsClient({ baseUrl: server.origin, oauth1: credentials });
    const undiciClient = createAdsClient({ baseUrl: server.origin, oauth1: credentials, fetch: nodeFetch });
    const params = { params: { path: { account_id: ACCOUNT }, query: { with_deleted: true } } };
    /** @param {import("@xads/client").AdsClient} ads */
    const ours = (ads) => async () => {
      const { data, error } = await ads.GET("/12/accounts/{account_id}", params);
      if (error !== undefined || data?.data.id !== ACCOUNT) throw new Error(`@xads/client: ${JSON.stringify(error)}`);
    };
    const sides = {
      twitter: async () => {
        const data = await twitter.get(url, { with_deleted: "true" }, { prefix: "" });
        if (data?.data?.id !== ACCOUNT) throw new Error(`twitter-api-v2: ${JSON.stringify(data)}`);
      },
      fetch: ours(defaultClient),
      undici: ours(undiciClient),
    };
    const names = /** @type {(keyof typeof sides)[]} */ (Object.keys(sides));
    /** @type {Record<string, number[]>} */
    const rates = { twitter: [], fetch: [], undici: [] };
    for (const name of names) await throughput(sides[name], ROUND_MS / 2); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      // Each side goes first, second and third in turn, so that all run under the same load.
      const order = names.map((_, i) => names[(i + round) % names.length] ?? "twitter");
      for (const name of order) rates[name]?.push(await throughput(sides[name], ROUND_MS));
    }
    const unsigned = await server.unsigned();
    if (unsigned > 0) throw new Error(`the server saw ${unsigned} requests without an OAuth 1.0a signature`);
    const theirs = median(rates.twitter ?? []);
    /** @param {number} value */
    const rps = (value) => `${Math.round(value).toLocaleString("en-US")} req/s`;
    /** @param {string} name @param {number} value */
    const row = (name, value) => {
      const ratio = value / theirs;
      return {
        name: `${name} vs twitter-api-v2, ${IN_FLIGHT} in flight, server ${server.where}`,
        result: `${rps(value)} vs ${rps(theirs)}`,
        ratio: Number(ratio.toFixed(2)),
        target: ">= 1.2x",
        met: ratio >= 1.2,
      };
    };
    return [
      row("@xads/client, default fetch,", median(rates.fetch ?? [])),
      row("@xads/client, @xads/client/node (undici),", median(rates.undici ?? [])),
    ];
  } finally {
    await nodeFetch.close();
    httpAgent.destroy();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] !== "--serve") {
  console.table(await run());
}
