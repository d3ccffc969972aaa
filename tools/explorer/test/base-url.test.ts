// The sandbox's way in, run against a served emulator on loopback: the sequences go unsigned to a
// signing proxy, and with no reset the explorer deletes what each run created.
import { createSigningProxy } from "@xads/client/sign-proxy";
import { createEmulator } from "@xads/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explore } from "../src/explore.mjs";
import { baseUrlTarget } from "../src/targets.mjs";

const emulator = await createEmulator({ auth: "strict" });
let served: Awaited<ReturnType<typeof emulator.listen>>;
let proxy: Awaited<ReturnType<typeof createSigningProxy>>;

beforeAll(async () => {
  served = await emulator.listen();
  const { consumerKey, consumerSecret, token, tokenSecret } = emulator.fixture;
  proxy = await createSigningProxy({
    target: served.urls.ads,
    credentials: { consumerKey, consumerSecret, token, tokenSecret },
  });
});

afterAll(async () => {
  await proxy.close();
  await served.close();
});

/** The account's campaigns a list answers (deleted ones are not listed). */
async function liveCampaigns(): Promise<string[]> {
  const response = await fetch(`${proxy.url}/12/accounts/${emulator.fixture.accountId}/campaigns?count=1000`);
  const body = (await response.json()) as { data: Array<{ id: string }> };
  return body.data.map((c) => c.id).sort();
}

describe("exploring through a base URL that signs", () => {
  it("passes unsigned through the signing proxy, and leaves no record it created live", async () => {
    const before = await liveCampaigns();
    const report = await explore({ target: baseUrlTarget(proxy.url), runs: 5 });
    expect(report.passed, report.message).toBe(true);
    expect(report.stats["campaign create"]).toBeGreaterThan(0);
    expect(await liveCampaigns()).toEqual(before);
  });
});
