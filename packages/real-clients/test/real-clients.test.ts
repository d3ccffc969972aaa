// Published clients, unchanged, against a strict emulator (signatures verified, rate limits on, real
// time): each flow runs in a child process whose environment holds only HTTPS_PROXY, the local CA
// (NODE_EXTRA_CA_CERTS) and the fixture, as a team's CI job would set them.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createEmulator, type Emulator, type Served } from "@xads/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Outcome {
  flow: string;
  ok: boolean;
  detail: unknown;
}

let emulator: Emulator;
let served: Served;
const outcomes = new Map<string, Promise<Outcome[]>>();

/** Runs a flow file's flows (all, or those named) in a fresh Node process with only the variables a user sets. */
async function runFile(file: string, flows: string[] = []): Promise<Outcome[]> {
  const env = {
    PATH: process.env.PATH ?? "",
    HTTPS_PROXY: served.proxyUrl ?? "",
    NODE_EXTRA_CA_CERTS: served.caFile ?? "",
    XADS_FIXTURE: JSON.stringify(emulator.fixture),
  };
  const path = fileURLToPath(new URL(`../flows/${file}`, import.meta.url));
  // A process that dies mid-way still reports the flows it finished; its stderr names what killed it.
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [path, ...flows], {
    env,
    timeout: 90_000,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? "",
    stderr: error.stderr ?? "",
  }));
  if (stderr.trim()) console.error(`${file}: ${stderr.trim().slice(-2000)}`);
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Outcome);
}

/** Flows that wait for media processing (check_after_secs, real time) run in processes of their own. */
const SLOW = ["v1.1 uploadMedia: a chunked video, waiting for processing", "v2 uploadMedia: an image and a video"];

const flowsOf = (file: string) => {
  let running = outcomes.get(file);
  if (!running) {
    const slow = SLOW.filter((flow) => clients[file as keyof typeof clients].includes(flow));
    const rest = clients[file as keyof typeof clients].filter((flow) => !slow.includes(flow));
    running = Promise.all([runFile(file, rest), ...slow.map((flow) => runFile(file, [flow]))]).then((all) =>
      all.flat(),
    );
    outcomes.set(file, running);
  }
  return running;
};

beforeAll(async () => {
  emulator = await createEmulator({ auth: "strict" });
  served = await emulator.listen({ proxy: true });
  // Both clients at once: the processing waits (check_after_secs) overlap.
  void flowsOf("twitter-api-v2.mjs").catch(() => undefined);
  void flowsOf("twitter-ads.cjs").catch(() => undefined);
}, 30_000);
afterAll(() => served?.close());

const clients = {
  "twitter-api-v2.mjs": [
    "three-legged OAuth with a callback",
    "three-legged OAuth with a PIN",
    "app-only bearer token and its invalidation",
    "v1.1 uploadMedia: an image",
    "v1.1 uploadMedia: a GIF",
    "v1.1 uploadMedia: a chunked video, waiting for processing",
    "v2 uploadMedia: an image and a video",
    "ads: create, read, update, list to the end, delete",
    "ads: full URLs and the sandbox prefix",
  ],
  "twitter-ads.cjs": [
    "accounts",
    "campaigns and line items: create, update, delete",
    "errors: a missing parameter and an unknown campaign",
  ],
};

describe.each(Object.entries(clients))("%s, unchanged, through --proxy", (file, flows) => {
  it.each(flows)(
    "%s",
    async (flow) => {
      const outcome = (await flowsOf(file)).find((o) => o.flow === flow);
      expect(outcome, `${flow} printed no outcome`).toBeDefined();
      expect(outcome?.detail && outcome.ok ? "ok" : String(outcome?.detail)).toBe("ok");
    },
    90_000,
  );
});
