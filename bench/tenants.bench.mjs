// Tenants of one emulator (@xads/emulator): 64 tenants of 1,000 campaigns each against one tenant of
// 1,000 (memory, and a single-record GET of the last tenant), and 64 workers each doing mixed requests
// over HTTP against their own model (throughput, memory per tenant, isolation violations: must be 0).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const child = fileURLToPath(new URL("./emulator/tenants.mjs", import.meta.url));
const TENANTS = 64;
const RECORDS = 1000;
const OPS = 200;

/** @param {string[]} args */
async function childJson(args) {
  const { stdout } = await run(process.execPath, ["--expose-gc", child, ...args], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
}
const mb = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const us = (/** @type {number} */ ms) => `${(ms * 1000).toFixed(1)} µs`;

export default async function runTenantsBench() {
  const one = await childJson(["population", "0", String(RECORDS)]);
  const many = await childJson(["population", String(TENANTS), String(RECORDS)]);
  const workers = await childJson(["workers", String(TENANTS), String(OPS)]);
  const getRatio = many.getMs / one.getMs;
  return [
    { name: `one tenant of ${RECORDS} campaigns: RSS (baseline)`, result: mb(one.rss), ratio: 1 },
    {
      name: `${TENANTS} tenants of ${RECORDS} campaigns each: RSS`,
      result: `${mb(many.rss)} (${mb((many.rss - one.rss) / (TENANTS - 1))} per added tenant)`,
      ratio: many.rss / one.rss,
      target: "<= 150 MB",
      met: many.rss <= 150 * 2 ** 20,
    },
    { name: "single-record GET in process, one tenant (baseline)", result: us(one.getMs), ratio: 1 },
    {
      name: `the same GET on the last of ${TENANTS} tenants`,
      result: us(many.getMs),
      ratio: getRatio,
      target: "<= 1.1× (no worse)",
      met: getRatio <= 1.1,
    },
    {
      name: `${TENANTS} workers, ${OPS} mixed requests each over HTTP (create, delete, list to the end, read)`,
      result: `${Math.round(workers.rps).toLocaleString("en-US")} req/s, ${workers.requests} requests, ${mb(workers.rss / TENANTS)} RSS per tenant`,
      target: "0 isolation violations",
      met: workers.violations === 0,
    },
  ];
}
