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

async function freePorts() {
  const ports: Record<string, number> = {};
  for (const name of [...DOCUMENTS, "docs"]) ports[name] = await freePort();
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

describe("pnpm start", () => {
  it("prints each mock's URL and a curl that answers 200, then the site, and stops cleanly on Ctrl-C", async () => {
    const ports = await freePorts();
    const started = run({ ports, build: [process.execPath, "-e", "console.log('site built')"] });
    const output = await started.waitFor("Reference site");

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
      expect(answer.status, `${name}: ${lines[at + 1]}`).toBe(200);
    }
    const site = await fetch(`http://127.0.0.1:${ports.docs}/`);
    expect(site.status).toBe(200);
    expect(await site.text()).toContain("<h1>site</h1>");

    const pids = processesWithMarker(started.marker);
    expect(pids.length).toBeGreaterThanOrEqual(1 + DOCUMENTS.length);
    started.interrupt();
    const { code, signal } = await started.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(started.out()).toContain("xads: stopped.");
    expect(started.err()).toBe("");
    expect(await gone(started.marker)).toEqual([]);
    for (const pid of pids) expect(() => process.kill(pid, 0), `pid ${pid} still runs`).toThrow();
  });

  it("refuses a port in use, naming it and the variable that moves it, and leaves nothing running", async () => {
    const ports = await freePorts();
    const holder: Server = createServer();
    await new Promise<void>((done) => holder.listen(ports.ads, "127.0.0.1", done));
    try {
      const started = run({ ports, build: [process.execPath, "-e", ""] });
      const { code } = await started.exited;
      expect(code).toBe(1);
      expect(started.err()).toContain(`port ${ports.ads} (the ads mock) is already in use`);
      expect(started.err()).toContain("XADS_PORT_ADS=");
      expect(started.err()).not.toMatch(/^\s+at /m);
      expect(await gone(started.marker)).toEqual([]);
    } finally {
      holder.close();
    }
  });

  it("refuses a port variable that is not a port, naming the variable and the rule", async () => {
    const ports = await freePorts();
    const started = run({ ports: { ...ports, upload: 70_000 }, build: [process.execPath, "-e", ""] });
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.err()).toContain('XADS_PORT_UPLOAD must be a port number from 1 to 65535, got "70000"');
  });

  it("shows a failed build's output in full on the terminal and keeps the mocks serving", async () => {
    const ports = await freePorts();
    const script =
      "console.error('first line of the failure'); console.error('last line of the failure'); process.exit(3)";
    const started = run({ ports, build: [process.execPath, "-e", script] });
    await started.waitFor("Building the reference site");
    const deadline = Date.now() + 30_000;
    while (!started.err().includes("last line") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(started.err()).toContain("the build failed (exit code 3)");
    expect(started.err()).toContain("first line of the failure\nlast line of the failure");
    const root = await fetch(`http://127.0.0.1:${ports.ads}/`);
    expect(root.status).toBe(200);
    const site = await fetch(`http://127.0.0.1:${ports.docs}/`);
    expect(site.status).toBe(503);
    started.interrupt();
    expect((await started.exited).code).toBe(0);
    expect(await gone(started.marker)).toEqual([]);
  });
});
