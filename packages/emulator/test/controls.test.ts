// The controls: reset, clock, snapshot and restore, faults, the request log, the same over HTTP under
// /_emulator/ on every served port, and the CLI.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { accountPath, authorization, call, newEmulator, START } from "./helpers.js";

describe("in-process controls", () => {
  it("reset() brings back the fixture's records and the clock's start", async () => {
    const emu = await newEmulator();
    await call(emu, "DELETE", accountPath(emu, `/campaigns/${emu.fixture.campaignId}`));
    emu.clock.advance(5000);
    emu.reset();
    expect(emu.clock.now()).toBe(START);
    expect((await call(emu, "GET", accountPath(emu, `/campaigns/${emu.fixture.campaignId}`))).status).toBe(200);
  });

  it("snapshot() is JSON, and restore() brings its state back", async () => {
    const emu = await newEmulator();
    const created = await call(emu, "POST", accountPath(emu, "/campaigns?funding_instrument_id=lygyi&name=kept"));
    const snapshot = JSON.parse(JSON.stringify(emu.snapshot()));
    emu.reset();
    expect((await call(emu, "GET", accountPath(emu, `/campaigns/${created.body.data.id}`))).status).toBe(404);
    emu.restore(snapshot);
    expect((await call(emu, "GET", accountPath(emu, `/campaigns/${created.body.data.id}`))).body.data.name).toBe(
      "kept",
    );
    expect(() => emu.restore({} as never)).toThrow(/snapshot/);
  });

  it("faults answer a status (503 with retry-after) a number of times, or delay", async () => {
    const emu = await newEmulator();
    emu.faults.add({ operationId: "getAccount", status: 503, times: 2 });
    expect((await call(emu, "GET", accountPath(emu))).status).toBe(503);
    const second = await call(emu, "GET", accountPath(emu));
    expect(second.headers.get("retry-after")).toBe("1");
    expect(second.body.errors[0].code).toBe("SERVICE_UNAVAILABLE");
    expect((await call(emu, "GET", accountPath(emu))).status).toBe(200);
    emu.faults.add({ operationId: "*", delayMs: 30 });
    const started = Date.now();
    expect((await call(emu, "GET", accountPath(emu))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("requests logs each request with its operation and status, bounded", async () => {
    const emu = await newEmulator({ requestLogSize: 2 });
    await call(emu, "GET", accountPath(emu));
    await call(emu, "GET", "/12/nowhere");
    await call(emu, "GET", accountPath(emu, "/campaigns"));
    expect(emu.requests.map((r) => [r.operationId, r.status])).toEqual([
      [null, 404],
      ["listCampaigns", 200],
    ]);
  });
});

describe("served", () => {
  it("answers GET / of each port with what it serves, as the static mocks do", async () => {
    const emu = await newEmulator();
    const served = await emu.listen();
    try {
      for (const [document, base] of Object.entries(served.urls)) {
        const answer = await fetch(`${base}/`);
        expect(answer.status).toBe(200);
        const index = (await answer.json()) as { document: string; operations: number; controls: string };
        expect(index.document).toBe(document);
        expect(index.operations).toBeGreaterThan(0);
        expect(index.controls).toMatch(/^\/_emulator\//);
      }
    } finally {
      await served.close();
    }
  });

  it("listens on free ports, one URL per document, each with the /_emulator/ controls", async () => {
    const emu = await newEmulator();
    const served = await emu.listen();
    try {
      expect(Object.keys(served.urls).sort()).toEqual(["ads", "auth", "tailored-audiences", "upload"]);
      const url = `${served.urls.ads}${accountPath(emu)}`;
      const answer = await fetch(url, { headers: { authorization: authorization(emu, "GET", url) } });
      expect(answer.status).toBe(200);
      const bad = await fetch(url, {
        headers: { authorization: authorization(emu, "GET", url, { consumerSecret: "x" }) },
      });
      expect(bad.headers.get("x-xads-emulator-base-string")).toContain("127.0.0.1");
      const admin = (path: string, init?: RequestInit) => fetch(`${served.urls.upload}/_emulator/${path}`, init);
      expect((await (await admin("fixture")).json()).accountId).toBe(emu.fixture.accountId);
      expect(
        (await (await admin("clock", { method: "POST", body: JSON.stringify({ advance: 1000 }) })).json()).now,
      ).toBe(START + 1000);
      expect((await (await admin("clock")).json()).now).toBe(START + 1000);
      expect(
        (await admin("faults", { method: "POST", body: JSON.stringify({ operationId: "getAccount", status: 500 }) }))
          .status,
      ).toBe(200);
      const faulted = await fetch(url, { headers: { authorization: authorization(emu, "GET", url) } });
      expect(faulted.status).toBe(500);
      expect((await admin("faults", { method: "DELETE" })).status).toBe(200);
      expect((await (await admin("requests")).json()).length).toBeGreaterThan(0);
      const snapshot = await (await admin("snapshot")).json();
      expect((await admin("reset", { method: "POST" })).status).toBe(200);
      expect((await admin("snapshot", { method: "POST", body: JSON.stringify(snapshot) })).status).toBe(200);
      expect(emu.clock.now()).toBe(START + 1000);
      expect((await admin("nothing")).status).toBe(404);
    } finally {
      await served.close();
    }
  });

  it("the CLI prints URLs and credentials, and saves the snapshot on SIGTERM", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "xads-emulator-")), "state.json");
    // The built bin (turbo builds before it tests).
    const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
    const child = spawn(process.execPath, [cli, "--snapshot", file, "--lenient-auth", "--no-rate-limits"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        output += chunk;
        if (output.includes("Controls:")) resolve();
      });
      child.once("exit", () => reject(new Error(`exited early: ${output}`)));
    });
    expect(output).toMatch(/ads\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toContain("consumerKey");
    const ads = /ads\s+(http:\/\/\S+)/.exec(output)?.[1];
    const created = await fetch(`${ads}/12/accounts/18ce54d4x5t/campaigns?funding_instrument_id=lygyi&name=saved`, {
      method: "POST",
      headers: { authorization: "OAuth mock" },
    });
    expect(created.status).toBe(200);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(readFileSync(file, "utf8")).toContain('"name":"saved"');
  });
});
