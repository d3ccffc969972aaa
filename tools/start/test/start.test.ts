// The main job end to end: URLs and curl lines first, the site after its build, a clean stop on
// Ctrl-C with no process left behind, the port-in-use error, and a failed build shown in full.
import { createServer, type Server } from "node:net";
import { freePort } from "@xads/mock";
import { afterEach, describe, expect, it } from "vitest";
import { parseCurl } from "./curl.js";
import { processesWithMarker } from "./processes.js";
import { type Run, startRun } from "./run.js";

const DOCUMENTS = ["auth", "ads", "tailored-audiences", "upload"];
const MAX_LINES_BEFORE_URLS = 25;
const runs: Run[] = [];

/** A free port per part, all different (a port freed by one probe may be the next probe's answer). */
async function freePorts() {
  const ports: Record<string, number> = {};
  const taken = new Set<number>();
  for (const name of [...DOCUMENTS, "docs"]) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports[name] = port;
  }
  return ports;
}

function run(options: Parameters<typeof startRun>[0]) {
  const started = startRun(options);
  runs.push(started);
  return started;
}

async function gone(marker: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (processesWithMarker(marker).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return processesWithMarker(marker);
}

afterEach(async () => {
  for (const started of runs.splice(0)) {
    for (const pid of processesWithMarker(started.marker)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  }
});

/** Each document's URL line, the curl under it answers 200; returns the lines. */
async function expectUrlsWithWorkingCurls(output: string, ports: Record<string, number>) {
  const lines = output.split("\n");
  const firstUrl = lines.findIndex((line) => line.includes("http://127.0.0.1:"));
  expect(firstUrl).toBeGreaterThan(-1);
  expect(firstUrl).toBeLessThanOrEqual(MAX_LINES_BEFORE_URLS);
  expect(output).not.toContain("site built");
  for (const name of DOCUMENTS) {
    const url = `http://127.0.0.1:${ports[name]}`;
    const at = lines.findIndex((line) => line.includes(` ${url} `));
    expect(at, `${name} URL printed`).toBeGreaterThan(-1);
    expect(lines[at]).toMatch(/stands for https:\/\/[a-z.-]+\.x\.com/);
    const curl = parseCurl(lines[at + 1] ?? "");
    expect(curl.url.startsWith(`${url}/`)).toBe(true);
    const answer = await fetch(curl.url, { method: curl.method, headers: curl.headers, body: curl.body });
    expect(answer.status, `${name}: ${lines[at + 1]}: ${await answer.text()}`).toBe(200);
  }
  return lines;
}

/** Ctrl-C: exit 0, "stopped", nothing on stderr, no process left. */
async function expectCleanStop(started: Run) {
  const pids = processesWithMarker(started.marker);
  started.interrupt();
  const { code, signal } = await started.exited;
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(started.out()).toContain("xads: stopped.");
  expect(started.err()).toBe("");
  expect(await gone(started.marker)).toEqual([]);
  for (const pid of pids) expect(() => process.kill(pid, 0), `pid ${pid} still runs`).toThrow();
}

describe("pnpm start", () => {
  it("serves the emulator: each URL with a curl that answers 200, the fixture credentials, state that persists, the site, a clean stop", async () => {
    const ports = await freePorts();
    const started = run({ ports, build: [process.execPath, "-e", "console.log('site built')"] });
    const output = await started.waitFor("Reference site");
    await expectUrlsWithWorkingCurls(output, ports);

    const ads = `http://127.0.0.1:${ports.ads}`;
    const fixture = (await (await fetch(`${ads}/_emulator/fixture`)).json()) as Record<string, string>;
    expect(output).toContain("Fixture credentials (published fixture values, not secrets");
    for (const key of ["consumerKey", "consumerSecret", "token", "tokenSecret", "accountId"])
      expect(output, key).toContain(` ${fixture[key]}`);
    expect(output).toContain("Lenient auth");
    expect(output).toContain(`${ads}/_emulator/`);

    // What a static mock cannot do: a campaign created is then read back.
    const headers = { authorization: "OAuth mock" };
    const campaigns = `${ads}/12/accounts/${fixture.accountId}/campaigns`;
    const created = await fetch(
      `${campaigns}?funding_instrument_id=${fixture.fundingInstrumentId}&name=start-test&entity_status=PAUSED`,
      { method: "POST", headers },
    );
    expect(created.status, await created.clone().text()).toBe(200);
    const { data } = (await created.json()) as { data: { id: string } };
    expect((await fetch(`${campaigns}/${data.id}`, { headers })).status).toBe(200);

    const site = await fetch(`http://127.0.0.1:${ports.docs}/`);
    expect(site.status).toBe(200);
    expect(await site.text()).toContain("<h1>site</h1>");
    expect(processesWithMarker(started.marker).length).toBeGreaterThanOrEqual(1);
    await expectCleanStop(started);
  });

  it("--static serves Prism's example mocks: each URL with a curl that answers 200, the site, a clean stop", async () => {
    const ports = await freePorts();
    const started = run({ ports, args: ["--static"], build: [process.execPath, "-e", "console.log('site built')"] });
    const output = await started.waitFor("Reference site");
    await expectUrlsWithWorkingCurls(output, ports);
    expect(output).toContain("The mocks answer from the spec's examples");
    expect(output).not.toContain("Fixture credentials");
    const root = await fetch(`http://127.0.0.1:${ports.ads}/`);
    expect(((await root.json()) as { answers: string }).answers).toMatch(/^Prism/);
    expect(processesWithMarker(started.marker).length).toBeGreaterThanOrEqual(1 + DOCUMENTS.length);
    await expectCleanStop(started);
  });

  it("--strict-auth verifies signatures: an unsigned curl answers 401, and says so", async () => {
    const ports = await freePorts();
    const started = run({ ports, args: ["--strict-auth"], build: [process.execPath, "-e", ""] });
    const output = await started.waitFor("Building the reference site");
    expect(output).toContain("Strict auth");
    const line = output.split("\n").find((l) => l.includes(`127.0.0.1:${ports.ads}/`) && l.trim().startsWith("curl"));
    const curl = parseCurl(line ?? "");
    expect((await fetch(curl.url, { headers: curl.headers })).status).toBe(401);
    await expectCleanStop(started);
  });

  it.each([
    ["the emulator", [], "the emulator's ads port"],
    ["--static", ["--static"], "the ads mock"],
  ])(
    "%s: refuses a port in use, naming it and the variable that moves it, and leaves nothing running",
    async (_, args, what) => {
      const ports = await freePorts();
      const holder: Server = createServer();
      await new Promise<void>((done) => holder.listen(ports.ads, "127.0.0.1", done));
      try {
        const started = run({ ports, args, build: [process.execPath, "-e", ""] });
        const { code } = await started.exited;
        expect(code).toBe(1);
        expect(started.err()).toContain(`port ${ports.ads} (${what}) is already in use`);
        expect(started.err()).toContain("XADS_PORT_ADS=");
        expect(started.err()).not.toMatch(/^\s+at /m);
        expect(await gone(started.marker)).toEqual([]);
      } finally {
        holder.close();
      }
    },
  );

  it("refuses a port variable that is not a port, naming the variable and the rule", async () => {
    const ports = await freePorts();
    const started = run({ ports: { ...ports, upload: 70_000 }, build: [process.execPath, "-e", ""] });
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.err()).toContain('XADS_PORT_UPLOAD must be a port number from 1 to 65535, got "70000"');
  });

  it("refuses an unknown option with the usage", async () => {
    const started = run({ ports: await freePorts(), args: ["--mocks"], build: [process.execPath, "-e", ""] });
    expect((await started.exited).code).toBe(1);
    expect(started.err()).toContain("unknown option --mocks");
    expect(started.err()).toContain("--static");
  });

  it("shows a failed emulator build's output and suggests --static", async () => {
    const ports = await freePorts();
    const prepare = [process.execPath, "-e", "console.error('emulator does not compile'); process.exit(2)"];
    const started = run({ ports, prepare, build: [process.execPath, "-e", ""] });
    expect((await started.exited).code).toBe(1);
    expect(started.err()).toContain("the emulator's build failed (exit code 2)");
    expect(started.err()).toContain("start --static");
    expect(started.err()).toContain("emulator does not compile");
    expect(await gone(started.marker)).toEqual([]);
  });

  it("shows a failed site build's output in full on the terminal and keeps the emulator serving", async () => {
    const ports = await freePorts();
    const script =
      "console.error('first line of the failure'); console.error('last line of the failure'); process.exit(3)";
    const started = run({ ports, build: [process.execPath, "-e", script] });
    await started.waitFor("Building the reference site");
    const deadline = Date.now() + 30_000;
    while (!started.err().includes("last line") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(started.err()).toContain("the build failed (exit code 3)");
    expect(started.err()).toContain("first line of the failure\nlast line of the failure");
    const fixture = await fetch(`http://127.0.0.1:${ports.ads}/_emulator/fixture`);
    expect(fixture.status).toBe(200);
    const site = await fetch(`http://127.0.0.1:${ports.docs}/`);
    expect(site.status).toBe(503);
    started.interrupt();
    expect((await started.exited).code).toBe(0);
    expect(await gone(started.marker)).toEqual([]);
  });
});
