// The bin: --record DIR writes the recording and its viewer on exit; replay DIR --check replays it
// (on a real-time clock too); replay DIR serves the recording's start state.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import { createEmulator, viewerHtml } from "../src/index.js";
import { readRecordingPath } from "../src/recording/files.js";

// The built bin (turbo builds before it tests).
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const AUTHORIZATION = { authorization: "OAuth mock" };
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts the bin and waits for its first lines (up to "Controls:"); answers the child and the output. */
async function start(args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Controls:")) resolve();
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", () => reject(new Error(`exited early: ${output}`)));
  });
  const ads = /ads\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] as string;
  return { child, exited, ads, output: () => output };
}

const run = (args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });

it("--record DIR writes the recording and its viewer on exit, and replay DIR --check replays it", async () => {
  const dir = join(mkdtempSync(join(tmpdir(), "xads-record-")), "run");
  const served = await start(["--record", dir, "--lenient-auth"]);
  const account = "18ce54d4x5t";
  const created = await fetch(`${served.ads}/12/accounts/${account}/campaigns?funding_instrument_id=lygyi&name=cli`, {
    method: "POST",
    headers: AUTHORIZATION,
  });
  expect(created.status).toBe(200);
  expect(
    (await fetch(`${served.ads}/12/accounts/${account}/campaigns?count=2`, { headers: AUTHORIZATION })).status,
  ).toBe(200);
  served.child.kill("SIGINT");
  expect(await served.exited).toBe(0);
  expect(served.output()).toContain(`recording written to ${join(dir, "recording.har.gz")}`);
  expect(existsSync(join(dir, "index.html"))).toBe(true);
  const recording = readRecordingPath(dir);
  expect(recording.log.entries.map((entry) => entry._xads?.operationId)).toEqual(["createCampaign", "listCampaigns"]);
  expect(recording.log._xads?.clock.virtual).toBe(false);

  const check = await run(["replay", dir, "--check"]);
  expect(check.code, check.output).toBe(0);
  expect(check.output).toContain("2 requests replayed, every answer identical");

  const replay = await start(["replay", dir]);
  expect(replay.output()).toContain("lenient auth");
  const listed = await fetch(
    `${replay.ads}/12/accounts/${account}/campaigns?campaign_ids=${(await created.json()).data.id}`,
    {
      headers: AUTHORIZATION,
    },
  );
  // The recording's start: the campaign it created is not there yet.
  expect((await listed.json()).data).toEqual([]);
  replay.child.kill("SIGINT");
  expect(await replay.exited).toBe(0);
});

it("replay without a recording, or with a broken one, says so and exits 1", async () => {
  const none = await run(["replay"]);
  expect(none.code).toBe(1);
  expect(none.output).toContain("replay takes one recording (DIR)");
  const missing = await run(["replay", join(tmpdir(), "no-such-recording"), "--check"]);
  expect(missing.code).toBe(1);
  expect(missing.output).toContain("no-such-recording: no recording");
});

it("the README's example: a test writes stop()'s JSON and the viewer; replay DIR --check reads recording.har", async () => {
  const dir = join(mkdtempSync(join(tmpdir(), "xads-record-")), "create-campaign");
  const emu = await createEmulator({ now: Date.parse("2026-01-01T00:00:00Z"), auth: "lenient" });
  const recording = emu.record();
  try {
    await emu.fetch("https://ads-api.x.com/12/accounts/18ce54d4x5t/campaigns?funding_instrument_id=lygyi&name=x", {
      method: "POST",
      headers: AUTHORIZATION,
    });
  } finally {
    const har = recording.stop();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "recording.har"), JSON.stringify(har));
    writeFileSync(join(dir, "index.html"), viewerHtml(har));
  }
  const check = await run(["replay", dir, "--check"]);
  expect(check.code, check.output).toBe(0);
  expect(check.output).toContain("1 request replayed, every answer identical");
});
