// `xads-sign-proxy --record`: the proxy's recording is the emulator's format (read by its reader),
// holds no credential byte sequence, and two recordings of the same flow compare equal once normalised.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHarRecorder, createSigningProxy } from "@xads/client/sign-proxy";
import { createEmulator, type Exchange, parseRecording, type Recording } from "@xads/emulator";
import { describe, expect, it } from "vitest";
import { IdNames, normaliseValue } from "../src/normalise.mjs";
import { bodyOf } from "../src/recordings.mjs";

async function recordFlow(dir: string) {
  const emulator = await createEmulator({ auth: "strict" });
  const served = await emulator.listen();
  const { consumerKey, consumerSecret, token, tokenSecret } = emulator.fixture;
  const credentials = { consumerKey, consumerSecret, token, tokenSecret };
  const oauth: Record<string, string>[] = [];
  emulator.observe({
    exchange(exchange: Exchange) {
      if (exchange.oauth) oauth.push({ ...exchange.oauth });
    },
  });
  const recorder = createHarRecorder(credentials, dir);
  const proxy = await createSigningProxy({ target: served.urls.ads, credentials, recorder });
  const account = `${proxy.url}/12/accounts/${emulator.fixture.accountId}`;
  try {
    const created = await fetch(
      `${account}/campaigns?name=drill&funding_instrument_id=${emulator.fixture.fundingInstrumentId}&daily_budget_amount_local_micro=5000000&entity_status=PAUSED`,
      { method: "POST" },
    );
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await fetch(`${account}/campaigns/${id}`)).status).toBe(200);
    expect((await fetch(`${account}/campaigns?count=1`)).status).toBe(200);
  } finally {
    await proxy.close();
    await served.close();
  }
  return { credentials, oauth };
}

const normalised = (recording: Recording) => {
  const ids = new IdNames();
  return recording.log.entries.map((entry) => ({
    request: `${entry.request.method} ${ids.inText(new URL(entry.request.url).pathname)}`,
    status: entry.response.status,
    body: normaliseValue(bodyOf(entry), ids),
  }));
};

describe("the signing proxy's recorder", () => {
  it("writes the emulator's recording format, without any credential byte sequence", async () => {
    const dir = mkdtempSync(join(tmpdir(), "xads-truth-record-"));
    const { credentials, oauth } = await recordFlow(dir);
    expect(readdirSync(dir)).toEqual(["recording.har"]);
    const text = readFileSync(join(dir, "recording.har"), "utf8");
    const recording = parseRecording(text);
    expect(recording.log.entries).toHaveLength(3);
    expect(recording.log.entries[0]?.request.headers.find((h) => h.name === "authorization")?.value).toMatch(
      /oauth_consumer_key="redacted\.consumer-key\.1".*oauth_signature="redacted"/,
    );
    expect(oauth).toHaveLength(3);
    const secrets = [
      ...Object.values(credentials),
      ...oauth.flatMap((params) => [params.oauth_signature ?? "", params.oauth_nonce ?? ""]),
    ];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  });

  it("two recordings of the same flow compare equal once ids and times are normalised", async () => {
    const first = mkdtempSync(join(tmpdir(), "xads-truth-a-"));
    const second = mkdtempSync(join(tmpdir(), "xads-truth-b-"));
    await recordFlow(first);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await recordFlow(second);
    const [a, b] = [first, second].map((dir) => parseRecording(readFileSync(join(dir, "recording.har"), "utf8")));
    expect(JSON.stringify(a)).not.toEqual(JSON.stringify(b));
    expect(normalised(a as Recording)).toEqual(normalised(b as Recording));
  });
});
