// Starts one mock per bundled document that has operations: a front server on the public port
// (the index on `/`, see front.mjs) in front of a Prism process on a private loopback port. Used by
// `pnpm start` (fixed ports) and the test suites (free ports).
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { freePort } from "./free-port.mjs";
import { createFront, listen } from "./front.mjs";
import { spawnPrism, stopChild } from "./prism.mjs";
import { curlLine, tryRequest } from "./try-request.mjs";

export { PortInUseError, RESET_WINDOW_SECONDS } from "./front.mjs";
export { curlLine, MOCK_CREDENTIALS, tryRequest } from "./try-request.mjs";
export { freePort, spawnPrism, stopChild };

/** @typedef {import("@xads/spec/lib/model.mjs").SpecDocument} SpecDocument */
/** @typedef {import("./index.js").MockServer} MockServer */
/** @typedef {import("./index.js").Mocks} Mocks */
/** @typedef {import("./index.js").TryRequest} TryRequest */
/** @typedef {Parameters<typeof import("./index.js").startMocks>[0]} StartOptions */
/**
 * One mock as it runs: its public front, and the Prism process behind it once started.
 * @typedef {{
 *   document: SpecDocument,
 *   url: string,
 *   front: import("node:http").Server | undefined,
 *   child: import("node:child_process").ChildProcess | undefined,
 *   prismPort: number,
 *   bundleText: string,
 *   index: ReturnType<typeof mockIndex> | undefined,
 * }} Mock
 */

const EXAMPLE_PATHS = 5;

/**
 * The ready request of a document: its `tryOperation`, filled from the examples.
 * @param {SpecDocument} document
 */
function documentTryRequest(document) {
  const operation = document.operations().find((o) => o.id === document.tryOperation);
  if (!operation)
    throw new Error(`${document.name}: tryOperation ${document.tryOperation} is not one of its operations`);
  return tryRequest(operation);
}

/**
 * The JSON a mock answers on `/`.
 * @param {SpecDocument} document
 * @param {string} baseUrl
 */
export function mockIndex(document, baseUrl) {
  const operations = document.operations().map((o) => `${o.method.toUpperCase()} ${o.path}  (${o.id})`);
  return {
    document: document.name,
    title: document.title,
    standsFor: document.servers[0]?.url ?? null,
    answers: "Prism, from the document's examples; Prefer: code=<status>, example=<name> picks a documented answer",
    operations: operations.length,
    examplePaths: operations.slice(0, EXAMPLE_PATHS),
    try: curlLine(baseUrl, documentTryRequest(document)),
    openapi: `${baseUrl}/openapi.json`,
  };
}

/**
 * @param {SpecDocument} document
 * @param {Exclude<NonNullable<StartOptions>["ports"], undefined>} ports
 */
function portOf(document, ports) {
  if (ports === "fixed") return document.mockPort;
  if (ports === "free") return 0;
  return ports[document.name] ?? document.mockPort;
}

/**
 * Starts the mocks. Options: `names` (default: every document with operations), `ports` ("fixed"
 * uses documents.json, "free" picks free ports, or an object of ports by document name), `host`,
 * `onOutput(name, chunk)` for Prism's output, `onExit(name, code)` when a Prism process ends before
 * `stop()`. Resolves to { servers, stop({ force }), reload(names) }.
 * A taken public port rejects with PortInUseError before any Prism starts.
 * @param {StartOptions} [options]
 * @returns {Promise<Mocks>}
 */
export async function startMocks({
  names,
  ports = "free",
  host = "127.0.0.1",
  onOutput,
  onExit,
  timeoutMs = 60_000,
} = {}) {
  const spec = loadSpec();
  const selected = names ? names.map((name) => spec.document(name)) : spec.served();
  /** @type {Mock[]} */
  const mocks = selected.map((document) => ({
    document,
    url: "",
    front: undefined,
    child: undefined,
    prismPort: 0,
    bundleText: "",
    index: undefined,
  }));
  let stopped = false;
  /** @param {{ force?: boolean }} [options] */
  const stop = async ({ force = false } = {}) => {
    stopped = true;
    await Promise.all(
      mocks.flatMap(({ child, front }) => [
        child ? stopChild(child, { force }) : undefined,
        front?.listening
          ? /** @type {Promise<void>} */ (
              new Promise((done) => {
                front.close(() => done());
                front.closeAllConnections();
              })
            )
          : undefined,
      ]),
    );
  };
  /** @param {Mock} mock */
  const startPrism = async (mock) => {
    const bundleText = JSON.stringify(mock.document.bundle());
    const index = mockIndex(mock.document, mock.url);
    const { child, port } = await spawnPrism({
      bundle: mock.document.bundlePath,
      host: "127.0.0.1",
      timeoutMs,
      onOutput: (chunk) => onOutput?.(mock.document.name, chunk),
    });
    child.once("exit", (code, signal) => {
      if (!stopped && mock.child === child) onExit?.(mock.document.name, code ?? signal);
    });
    const previous = mock.child;
    Object.assign(mock, { child, prismPort: port, bundleText, index });
    if (previous) await stopChild(previous);
  };
  try {
    for (const mock of mocks) {
      mock.front = createFront({
        index: () => mock.index,
        bundleText: () => mock.bundleText,
        target: () => ({ host: "127.0.0.1", port: mock.prismPort }),
      });
      const port = await listen(mock.front, {
        port: portOf(mock.document, ports),
        host,
        name: mock.document.name,
      });
      mock.url = `http://${host}:${port}`;
    }
    await Promise.all(mocks.map(startPrism));
    /** @type {MockServer[]} */
    const servers = mocks.map((mock) => {
      // startPrism has set the index of every mock.
      const index = /** @type {ReturnType<typeof mockIndex>} */ (mock.index);
      return {
        name: mock.document.name,
        title: mock.document.title,
        url: mock.url,
        port: Number(new URL(mock.url).port),
        standsFor: index.standsFor,
        tryRequest: documentTryRequest(mock.document),
        try: index.try,
      };
    });
    /** @param {string[]} reloadNames */
    const reload = async (reloadNames) => {
      const fresh = loadSpec(spec.dir, { fresh: true });
      const reloaded = mocks.filter((m) => reloadNames.includes(m.document.name));
      for (const mock of reloaded) mock.document = fresh.document(mock.document.name);
      await Promise.all(reloaded.map(startPrism));
    };
    return { servers, stop, reload };
  } catch (error) {
    await stop();
    throw error;
  }
}
