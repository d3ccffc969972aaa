// The emulator as a contract target: @xads/emulator served on one loopback port, fresh for every
// request (reset, then answered, one request at a time), behind one `prism proxy <bundle> --errors`
// per document, so that Prism checks each answer against the spec and turns a violation into a 500.
//
// Fresh per request: the contract cases are single requests written for a stateless mock (the same
// example id deleted by several cases at once, a sandbox account deleted while others read it), so
// each is answered from the emulator's start state: the fixture, the spec's examples. State across
// requests is what the emulator's own suites test.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createEmulator, type Emulator } from "@xads/emulator";
import { writeCoverageFiles } from "@xads/emulator/coverage-file";
import { spawnPrism, stopChild } from "@xads/mock";

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (let i = 0; i + 1 < message.rawHeaders.length; i += 2)
    headers.append(message.rawHeaders[i] as string, message.rawHeaders[i + 1] as string);
  const method = message.method ?? "GET";
  const body = chunks.length > 0 && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(`${origin}${message.url ?? "/"}`, {
    method,
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

/** A server that answers each request from a fresh emulator; requests are answered in turn. */
function freshPerRequest(emulator: Emulator): Promise<{ server: Server; url: string }> {
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((message, out) => {
    queue = queue.then(async () => {
      try {
        const request = await toRequest(message, "http://127.0.0.1");
        emulator.reset();
        const response = await emulator.fetch(request);
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        const body = Buffer.from(await response.arrayBuffer());
        out.writeHead(response.status, headers);
        out.end(body);
      } catch (error) {
        // A dropped connection (no fault is injected here) or a failure of this harness.
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/** The emulator's coverage report of the contract suites (test-results/coverage.json, and its page). */
const coverageFile = fileURLToPath(new URL("../test-results/coverage.json", import.meta.url));

export interface EmulatorTargets {
  /** Per document: the proxy (`url`) and the emulator itself (`direct`). */
  targets: Array<{ name: string; url: string; direct: string }>;
  stop(): Promise<void>;
}

/** Starts the emulator (lenient auth: the suites send well-formed, unsigned credentials) and a proxy per document. */
export async function startEmulatorTargets(documents: Array<{ name: string; bundlePath: string }>) {
  const emulator = await createEmulator({ auth: "lenient", rateLimits: true });
  const { server, url } = await freshPerRequest(emulator);
  const output = new Map<string, string>();
  const proxies = await Promise.allSettled(
    documents.map((document) =>
      spawnPrism({
        bundle: document.bundlePath,
        host: "127.0.0.1",
        upstream: url,
        timeoutMs: 60_000,
        onOutput: (chunk) => output.set(document.name, ((output.get(document.name) ?? "") + chunk).slice(-20_000)),
      }),
    ),
  );
  const stop = async () => {
    // What the suites exercised of the API's rules, for the run's summary (scripts/test-summary.mjs).
    writeCoverageFiles(coverageFile, emulator.coverage());
    await Promise.all(proxies.map((p) => (p.status === "fulfilled" ? stopChild(p.value.child) : undefined)));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  const failed = proxies.find((p) => p.status === "rejected");
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  const targets = documents.map((document, i) => ({
    name: document.name,
    url: `http://127.0.0.1:${(proxies[i] as PromiseFulfilledResult<{ port: number }>).value.port}`,
    direct: url,
  }));
  return { targets, stop, output } satisfies EmulatorTargets & { output: Map<string, string> };
}
