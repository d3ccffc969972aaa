// The flight recorder end to end: failing scenarios recorded in process on a strict emulator, written
// to a directory, then `xads-emulator replay DIR --check` in a fresh process answers every request
// byte for byte as recorded; nothing written shows a secret; a changed behaviour is caught.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Emulator, Exchange, Recording } from "../src/index.js";
import { RECORDING_FILE, VIEWER_FILE, writeRecordingDir } from "../src/recording/files.js";
import { newEmulator } from "./helpers.js";
import { type Scenario, scenarios, secretsOf } from "./recording-scenarios.js";

// The built bin (turbo builds before it tests).
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

function runCli(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

async function record(scenario: Scenario): Promise<{ emu: Emulator; exchanges: Exchange[]; recording: Recording }> {
  const emu = await newEmulator();
  scenario.before?.(emu);
  const exchanges: Exchange[] = [];
  emu.observe({
    exchange(exchange) {
      exchanges.push(exchange);
    },
  });
  const handle = emu.record();
  await scenario.run(emu);
  return { emu, exchanges, recording: handle.stop() };
}

const writeTemp = (recording: Recording) => {
  const dir = mkdtempSync(join(tmpdir(), "xads-recording-"));
  writeRecordingDir(dir, recording);
  return dir;
};

describe("replay --check answers byte-identically in a fresh process", () => {
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const { emu, exchanges, recording } = await record(scenario);
      expect(recording.log.entries).toHaveLength(exchanges.length);
      const dir = writeTemp(recording);

      const { code, output } = await runCli(["replay", dir, "--check"]);
      expect(code, output).toBe(0);
      const skipped = recording.log.entries.filter((entry) => entry._xads?.refusedBy === "auth").length;
      expect(output).toContain(`${exchanges.length - skipped} requests replayed, every answer identical`);

      const written = [
        gunzipSync(readFileSync(join(dir, RECORDING_FILE))).toString(),
        readFileSync(join(dir, VIEWER_FILE), "utf8"),
      ];
      const secrets = [...secretsOf(emu, exchanges), emu.fixture.token, emu.fixture.consumerKey];
      expect(secrets.length).toBeGreaterThanOrEqual(4);
      for (const secret of secrets)
        for (const text of written) {
          expect(text.includes(secret), secret).toBe(false);
          expect(text.includes(encodeURIComponent(secret)), secret).toBe(false);
        }
    });
  }

  it("names the first entry whose answer differs, and exits 1", async () => {
    const crud = scenarios[0] as Scenario;
    const { recording } = await record(crud);
    // With the unique-name rule off, the second audience is created where the recording was refused.
    const start = recording.log._xads;
    if (!start) throw new Error("no start");
    start.options.disabledRules = ["custom-audience-name-unique"];
    const { code, output } = await runCli(["replay", writeTemp(recording), "--check"]);
    expect(code).toBe(1);
    expect(output).toMatch(
      /entry 5 \(POST https:\/\/ads-api\.x\.com\/12\/accounts\/\w+\/custom_audiences\?name=buyers, createCustomAudience\) answers differently: response\.status/,
    );
    expect(output).toContain("recorded: 400");
    expect(output).toContain("replayed: 200");
  });

  it("a body changed by hand is named by where it differs", async () => {
    const { recording } = await record(scenarios[3] as Scenario);
    const first = recording.log.entries[0];
    if (!first?.response.content.text) throw new Error("no body");
    first.response.content.text = first.response.content.text.replace('"data":', '"dato":');
    const { code, output } = await runCli(["replay", writeTemp(recording), "--check"]);
    expect(code).toBe(1);
    expect(output).toContain(
      "entry 1 (GET https://ads-api.x.com/12/accounts, listAccounts) answers differently: response.content.text",
    );
  });
});
