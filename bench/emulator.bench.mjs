// The emulator (@xads/emulator): a fresh process's first answer, a single-record GET in-process,
// served requests per second against the Prism mock on the same request mix, memory with 10,000
// campaigns and 50,000 line items, and a list page at that size against one at 100 records. Each row
// has a baseline measured in the same run (a bare Node process, a bare Response, Prism).
import { execFile, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { signOAuth1 } from "@xads/client";
import { createEmulator } from "@xads/emulator";
import { load } from "./emulator/load.mjs";
import { median } from "./statistics.mjs";

const run = promisify(execFile);
const child = (/** @type {string} */ name) => fileURLToPath(new URL(`./emulator/${name}`, import.meta.url));
const HEADERS = { authorization: "OAuth bench" };
const ACCOUNT = "/12/accounts/18ce54d4x5t";
/** Reads only: both answer them from the fixture (the emulator) or the examples (Prism). */
const MIX = [
  `${ACCOUNT}`,
  `${ACCOUNT}/campaigns`,
  `${ACCOUNT}/campaigns/8wku2`,
  `${ACCOUNT}/line_items`,
  `${ACCOUNT}/funding_instruments`,
];
const RUNS = 3;
const LOAD = { connections: 16, durationMs: 5_000 };

/** @param {string[]} args */
async function childJson(args) {
  const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
}

/** @param {number} ms */
const ms = (ms) => (ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(1)} µs`);
const mb = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function firstAnswer() {
  const times = async (/** @type {string[]} */ extra) => {
    const list = [];
    for (let i = 0; i < RUNS; i++) list.push((await childJson([child("first-answer.mjs"), ...extra])).ms);
    return median(list);
  };
  const baseline = await times(["--baseline"]);
  const time = await times([]);
  return [
    { name: "fresh Node process to its first Response (baseline)", result: ms(baseline), ratio: 1 },
    {
      name: "fresh process: import, createEmulator, first answer (GET campaign)",
      result: ms(time),
      ratio: time / baseline,
      target: "<= 200 ms",
      met: time <= 200,
    },
  ];
}

async function singleGet() {
  const emulator = await createEmulator({ auth: "lenient", rateLimits: false });
  const url = `https://ads-api.x.com${ACCOUNT}/campaigns/8wku2`;
  const record = await (await emulator.fetch(url, { headers: HEADERS })).json();
  const records = new Map([["8wku2", record]]);
  const perCall = async (/** @type {() => Promise<unknown>} */ call) => {
    for (let i = 0; i < 2_000; i++) await call();
    const samples = [];
    for (let round = 0; round < 7; round++) {
      const started = performance.now();
      for (let i = 0; i < 2_000; i++) await call();
      samples.push((performance.now() - started) / 2_000);
    }
    return median(samples);
  };
  // The least a fetch-compatible handler does: a Request in, a lookup, a JSON Response out, read.
  const baseline = await perCall(async () => {
    const request = new Request(url, { headers: HEADERS });
    const id = new URL(request.url).pathname.split("/").at(-1) ?? "";
    await new Response(JSON.stringify(records.get(id))).json();
  });
  const time = await perCall(async () => (await emulator.fetch(url, { headers: HEADERS })).json());
  // Strict: every signature checked (and every nonce remembered), so each call needs its own; they are
  // signed before the clock starts, and each call passes a Request as a client does.
  const strict = await createEmulator({ rateLimits: false });
  const { consumerKey, consumerSecret, token, tokenSecret } = strict.fixture;
  const timestamp = Math.floor(Date.now() / 1000);
  const authorizations = Array.from(
    { length: 2_000 * 8 },
    (_, i) =>
      signOAuth1({ method: "GET", url, consumerKey, consumerSecret, token, tokenSecret, nonce: `n${i}`, timestamp })
        .authorization,
  );
  let next = 0;
  const strictTime = await perCall(async () => {
    const request = new Request(url, { headers: { authorization: authorizations[next++] ?? "" } });
    const response = await strict.fetch(request);
    if (response.status !== 200) throw new Error(`strict GET answered ${response.status}`);
    await response.json();
  });
  return [
    { name: "Request -> Map lookup -> JSON Response, read (baseline)", result: ms(baseline), ratio: 1 },
    {
      name: "in-process single-record GET (getCampaign), lenient auth, answer read",
      result: ms(time),
      ratio: time / baseline,
      target: "<= 50 µs",
      met: time <= 0.05,
    },
    {
      name: "the same, strict auth: a pre-signed Request per call, its signature and nonce checked",
      result: ms(strictTime),
      ratio: strictTime / baseline,
      target: "<= 50 µs",
      met: strictTime <= 0.05,
    },
  ];
}

/** @param {string[]} args @param {string[]} [paths] */
async function served(args, paths = MIX) {
  const process_ = spawn(process.execPath, [child("serve.mjs"), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: /** @type {import("node:stream").Readable} */ (process_.stdout) }).once("line", resolve);
    process_.once("exit", (code) => reject(new Error(`serve.mjs ${args.join(" ")} exited with ${code}`)));
  });
  const { url } = JSON.parse(String(line));
  try {
    await load({ url, paths, headers: HEADERS, connections: 4, durationMs: 1_000 }); // warm-up
    return await load({ url, paths, headers: HEADERS, ...LOAD });
  } finally {
    await new Promise((resolve) => {
      process_.once("exit", resolve);
      process_.kill("SIGTERM");
    });
  }
}

async function throughput() {
  const prism = await served(["--prism"]);
  const emulator = await served([]);
  const show = (/** @type {Awaited<ReturnType<typeof load>>} */ r) =>
    `${Math.round(r.rps).toLocaleString("en-US")} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${r.failures ? `, ${r.failures} not 200` : ""}`;
  const ratio = emulator.rps / prism.rps;
  const single = `${ACCOUNT}/campaigns/8wku2`;
  const bare = await served(["--bare", single], [single]);
  const emulatorSingle = await served([], [single]);
  const singleRatio = emulatorSingle.rps / bare.rps;
  return [
    {
      name: `bare node:http answering a campaign's bytes (593), ${LOAD.connections} connections (baseline)`,
      result: show(bare),
      ratio: 1,
    },
    {
      name: "emulator served, single-record GET (getCampaign), same connections",
      result: show(emulatorSingle),
      ratio: singleRatio,
      target: ">= 1/3 of bare node:http",
      met: singleRatio >= 1 / 3 && emulatorSingle.failures === 0,
    },
    {
      name: `Prism mock (startMocks), ${MIX.length} reads, ${LOAD.connections} connections (baseline)`,
      result: show(prism),
      ratio: 1,
    },
    {
      name: `emulator served, same mix and connections`,
      result: show(emulator),
      ratio,
      target: ">= 10× Prism",
      met: ratio >= 10 && emulator.failures === 0,
    },
  ];
}

async function population() {
  const measure = (/** @type {number} */ campaigns, /** @type {number} */ lineItems) =>
    childJson(["--expose-gc", child("population.mjs"), String(campaigns), String(lineItems)]);
  const empty = await measure(0, 0);
  const small = await measure(20, 100);
  const large = await measure(10_000, 50_000);
  const listRatio = large.listMs / small.listMs;
  return [
    { name: "RSS of a fresh emulator (baseline)", result: mb(empty.rss), ratio: 1 },
    {
      name: "RSS with 10,000 campaigns and 50,000 line items, right after the restore",
      result: mb(large.rssAtOnce),
      ratio: large.rssAtOnce / empty.rssAtOnce,
    },
    {
      name: "RSS with 10,000 campaigns and 50,000 line items, after 15 s idle",
      result: mb(large.rss),
      ratio: large.rss / empty.rss,
      target: "<= 100 MB",
      met: large.rss <= 100 * 2 ** 20,
    },
    { name: "list page (line items, count=20) at 100 line items (baseline)", result: ms(small.listMs), ratio: 1 },
    {
      name: "list page (line items, count=20) at 50,000 line items",
      result: ms(large.listMs),
      ratio: listRatio,
      target: "<= 1.1× (no slower)",
      met: listRatio <= 1.1,
    },
  ];
}

export default async function runEmulatorBench() {
  return [...(await firstAnswer()), ...(await singleGet()), ...(await throughput()), ...(await population())];
}
