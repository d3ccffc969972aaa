// The default fetch, as a program gets it from the built package (package.json `imports`, `#default-fetch`):
// on Node, @xads/client/node's transport, and a script exits after its last call without closing
// anything; Node's own fetch under Bun and Deno and with a proxy from the environment; an explicit
// `fetch` always wins. Which transport answered is told by the request: Node's fetch sends
// `sec-fetch-mode: cors`, the Node transport sends only the headers it is given.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdsClient } from "../src/index.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const seen: IncomingHttpHeaders[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  // Keep-alive far longer than any test: a child that exits did not wait for the server to close.
  server = createServer({ keepAliveTimeout: 600_000 }, (request, response) => {
    seen.push(request.headers);
    request.resume();
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ request: { params: {} }, data: { id: "18ce54d4x5t", name: "Acme" } }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, "close");
});

const PROXY_VARIABLES = [
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "http_proxy",
  "https_proxy",
  "NODE_USE_ENV_PROXY",
  "NODE_OPTIONS",
];

/**
 * Runs a script that imports the built package by its name (as an application does), makes one call
 * with no `fetch` option and closes nothing. Resolves when the process has exited on its own; a process
 * still running when the test times out is killed.
 */
async function runScript(preamble: string, env: Record<string, string> = {}) {
  const script = `${preamble}
const { createAdsClient } = await import("@xads/client");
const ads = createAdsClient({ baseUrl: ${JSON.stringify(origin)}, retry: false });
const { data, error } = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id: "18ce54d4x5t" } } });
if (error !== undefined) throw new Error(JSON.stringify(error));
process.stdout.write(data.data.id);`;
  const before = seen.length;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !PROXY_VARIABLES.includes(name)));
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: packageDir,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  try {
    const [code] = (await once(child, "exit")) as [number | null];
    const requests = seen.slice(before);
    return { code, output, errors, requests, headers: requests[0] };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

describe("the default fetch of the built package", () => {
  it("on Node is @xads/client/node's transport, and the script exits after its call without close()", async () => {
    const run = await runScript("");
    expect(run.errors).toBe("");
    expect(run).toMatchObject({ code: 0, output: "18ce54d4x5t" });
    expect(run.requests).toHaveLength(1);
    expect(run.headers?.["sec-fetch-mode"]).toBeUndefined();
  });

  it.each(["Bun", "Deno"])("is the runtime's own fetch under %s (its fetch is fast)", async (runtime) => {
    const run = await runScript(`globalThis.${runtime} = {};`);
    expect(run.errors).toBe("");
    expect(run).toMatchObject({ code: 0, output: "18ce54d4x5t" });
    expect(run.headers?.["sec-fetch-mode"]).toBe("cors");
  });

  it("is Node's fetch when Node routes fetch through a proxy from the environment", async () => {
    // No proxy variable is set, so Node's fetch still reaches the server directly.
    const settings: Record<string, string>[] = [{ NODE_USE_ENV_PROXY: "1" }, { NODE_OPTIONS: "--use-env-proxy" }];
    for (const env of settings) {
      const run = await runScript("", env);
      // Node releases without the flag refuse to start with it: nothing to check there.
      if (run.code === 9 && run.errors.includes("--use-env-proxy is not allowed")) continue;
      expect(run.errors).toBe("");
      expect(run).toMatchObject({ code: 0, output: "18ce54d4x5t" });
      expect(run.headers?.["sec-fetch-mode"]).toBe("cors");
    }
  });
});

describe("an explicit fetch", () => {
  it("always wins over the default", async () => {
    const before = seen.length;
    const calls: string[] = [];
    const ads = createAdsClient({
      baseUrl: origin,
      fetch: async (url) => {
        calls.push(url);
        return Response.json({ request: { params: {} }, data: { id: "18ce54d4x5t", name: "Stub" } });
      },
    });
    const { data } = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id: "18ce54d4x5t" } } });
    expect(data?.data.name).toBe("Stub");
    expect(calls).toEqual([`${origin}/12/accounts/18ce54d4x5t`]);
    expect(seen.length).toBe(before);
  });
});
