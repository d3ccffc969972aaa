// The doctor as a user meets it: off unless asked for, findings in process and at
// GET /_emulator/findings, the opt-in header on a served answer, a reset that starts it over, the
// request log's bound, tenants apart, and no secret in anything it answers.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { doctorFindingIds, type TenantEmulator } from "../../src/index.js";
import { accountPath, authorization, call, newEmulator, START } from "../helpers.js";
import { badClients } from "./bad-clients.js";
import { campaignBatch, createItems } from "./clients.js";

const DOCTOR_HEADER = "x-xads-emulator-doctor";

describe("client doctor", () => {
  it("is off by default: findings() says how to turn it on, and so does GET /_emulator/findings", async () => {
    const emu = await newEmulator();
    await campaignBatch(emu, createItems(emu, 41));
    expect(() => emu.findings()).toThrow(/doctor: true/);
    expect(emu.requests[0]?.findings).toBeUndefined();
    const served = await emu.fetch("http://127.0.0.1/_emulator/findings");
    expect(served.status).toBe(400);
    expect((await served.json()).error).toMatch(/--doctor/);
  });

  it("answers its ids in a header only when asked to", async () => {
    for (const [doctor, header] of [
      [true, null],
      [{ header: true }, "batch-over-limit"],
    ] as const) {
      const emu = await newEmulator({ doctor });
      const answer = await campaignBatch(emu, createItems(emu, 41));
      expect(answer.headers.get(DOCTOR_HEADER)).toBe(header);
      expect(emu.findings().map((finding) => finding.id)).toEqual(["batch-over-limit"]);
    }
  });

  it("serves the findings at GET /_emulator/findings and the header on a served port", async () => {
    const emu = await newEmulator({ doctor: { header: true } });
    const served = await emu.listen();
    try {
      const url = `${served.urls.ads}${accountPath(emu, "/campaigns")}?count=5000`;
      const answer = await fetch(url, { headers: { authorization: authorization(emu, "GET", url) } });
      expect(answer.status).toBe(400);
      expect(answer.headers.get(DOCTOR_HEADER)).toBe("count-out-of-bounds");
      const findings = await (await fetch(`${served.urls.ads}/_emulator/findings`)).json();
      expect(findings).toEqual([
        expect.objectContaining({
          id: "count-out-of-bounds",
          severity: "error",
          request: { index: 0, at: START, method: "GET", path: accountPath(emu, "/campaigns") },
        }),
      ]);
      const logged = await (await fetch(`${served.urls.ads}/_emulator/requests`)).json();
      expect(logged[0].findings).toEqual(["count-out-of-bounds"]);
    } finally {
      await served.close();
    }
  });

  it("starts over on reset: the findings and the history go with the log", async () => {
    const emu = await newEmulator({ doctor: true });
    for (let attempt = 0; attempt < 6; attempt++) await call(emu, "GET", "/12/accounts");
    await campaignBatch(emu, createItems(emu, 41));
    expect(emu.findings().map((finding) => finding.id)).toEqual(["batch-over-limit"]);
    emu.reset();
    expect(emu.findings()).toEqual([]);
    // The 429 before the reset is forgotten with its window: sending again is no early retry.
    expect((await call(emu, "GET", "/12/accounts")).status).toBe(200);
    expect(emu.findings()).toEqual([]);
  });

  it("keeps findings only for the requests the log holds, indexed as `requests`", async () => {
    const emu = await newEmulator({ doctor: true, requestLogSize: 3 });
    await campaignBatch(emu, createItems(emu, 41));
    await call(emu, "GET", accountPath(emu, "/campaigns?count=0"));
    await call(emu, "GET", "/12/accounts");
    await call(emu, "GET", "/12/accounts");
    expect(emu.findings().map((finding) => [finding.id, finding.request.index])).toEqual([["count-out-of-bounds", 0]]);
    expect(emu.requests[0]?.findings).toEqual(["count-out-of-bounds"]);
  });

  it("keeps each tenant's findings apart", async () => {
    const emu = await newEmulator({ doctor: true });
    const tenant: TenantEmulator = emu.tenants.create();
    const path = `/12/accounts/${tenant.fixture.accountId}/campaigns?count=5000`;
    const answer = await call(emu, "GET", path, {
      consumerKey: tenant.fixture.consumerKey,
      consumerSecret: tenant.fixture.consumerSecret,
      token: tenant.fixture.token,
      tokenSecret: tenant.fixture.tokenSecret,
      timestamp: Math.floor(tenant.clock.now() / 1000),
    });
    expect(answer.status).toBe(400);
    expect(emu.findings()).toEqual([]);
    expect(emu.findings(tenant.tenant).map((finding) => finding.id)).toEqual(["count-out-of-bounds"]);
    expect(tenant.requests[0]?.findings).toEqual(["count-out-of-bounds"]);
  });

  it("never answers a secret, a token or a nonce: not in a finding, a header or the findings control", async () => {
    const outputs: string[] = [];
    const emu = await newEmulator({ doctor: { header: true } });
    for (const client of badClients) {
      emu.reset();
      const fetch = emu.fetch;
      emu.fetch = async (input, init) => {
        const answer = await fetch(input, init);
        outputs.push(answer.headers.get(DOCTOR_HEADER) ?? "");
        return answer;
      };
      client.arrange?.(emu);
      await client.run(emu);
      emu.fetch = fetch;
      outputs.push(
        JSON.stringify(emu.findings()),
        await (await emu.fetch("http://127.0.0.1/_emulator/findings")).text(),
      );
      outputs.push(JSON.stringify(emu.requests.map((entry) => entry.findings)));
    }
    const text = outputs.join("\n");
    expect(text).toContain("secret-leaked");
    const { consumerSecret, tokenSecret, token } = emu.fixture;
    // "always-the-same": the fixed nonce of the nonce-reused client.
    for (const secret of [consumerSecret, tokenSecret, token, "always-the-same"]) expect(text).not.toContain(secret);
  });

  it("is documented: the README's section lists every finding", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("### Client doctor"), readme.indexOf("### On every runtime"));
    const listed = [...section.matchAll(/^\| `([a-z-]+)` /gm)].map((match) => match[1]);
    expect(listed).toEqual([...doctorFindingIds]);
  });
});
