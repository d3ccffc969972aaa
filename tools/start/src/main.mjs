#!/usr/bin/env node
// `pnpm start`: serves every document with operations on its port: the emulator (@xads/emulator,
// built first, a cache hit after the first run) by default, Prism's example mocks with --static (the
// bundles are committed, so they need no build). Then builds the reference site in the background and
// serves it when the build is done. Prints each URL, what it stands for and a ready curl (and, for
// the emulator, its fixture credentials); everything else goes to the log.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PortInUseError, startMocks } from "@xads/mock";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { parseStartArgs, USAGE, UsageError } from "./args.mjs";
import { runBuild } from "./build.mjs";
import { createDocsServer } from "./docs-server.mjs";
import { EmulatorPortInUseError, startEmulator } from "./emulator.mjs";
import { openLog } from "./log.mjs";
import { portInUseMessage, resolvePorts, StartError } from "./ports.mjs";
import { onStopSignals } from "./signals.mjs";

const HOST = "127.0.0.1";
const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** @param {string} root */
function defaultBuild(root) {
  return {
    command: join(root, "node_modules/.bin/turbo"),
    args: ["run", "build", "--filter=@xads/docs..."],
  };
}

/** The emulator's build (and the validator and bundles it reads), before it is served. */
/** @param {string} root */
function defaultPrepare(root) {
  return {
    command: join(root, "node_modules/.bin/turbo"),
    args: ["run", "build", "--filter=@xads/emulator..."],
  };
}

/**
 * The fixture lines printed under the emulator's URLs.
 * @param {Record<string, string>} fixture
 * @param {boolean} strictAuth
 */
function fixtureLines(fixture, strictAuth) {
  const shown = [
    ["consumer key", fixture.consumerKey],
    ["consumer secret", fixture.consumerSecret],
    ["access token", fixture.token],
    ["access token secret", fixture.tokenSecret],
    ["ads account", fixture.accountId],
  ];
  return [
    "Fixture credentials (published fixture values, not secrets; OAuth 1.0a HMAC-SHA1):",
    ...shown.map(([name, value]) => `  ${String(name).padEnd(20)} ${value}`),
    strictAuth
      ? "Strict auth: requests must be signed with these credentials; the curl lines above answer 401."
      : "Lenient auth: any Authorization in the operation's scheme is taken (--strict-auth verifies signatures).",
  ];
}

/**
 * @param {import("node:http").Server} server
 * @param {number} port
 * @returns {Promise<void>}
 */
function listenOn(server, port) {
  return new Promise((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => {
      server.off("error", reject);
      resolveListen();
    });
  });
}

/**
 * @param {import("node:http").Server} server
 * @returns {Promise<void>}
 */
function closeServer(server) {
  return new Promise((done) => {
    if (!server.listening) return done();
    server.close(() => done());
    server.closeAllConnections();
  });
}

/** @param {{ name: string, bundlePath: string }[]} documents */
const bundleTexts = (documents) =>
  Object.fromEntries(documents.map((d) => [d.name, readFileSync(d.bundlePath, "utf8")]));

/**
 * Runs the main job until a stop signal. `out` and `err` take the terminal's lines; `build`
 * ({ command, args }) builds the site into `docsDir` (turbo by default). Resolves to an exit code
 * when it cannot start, else to undefined and keeps serving.
 * @param {{
 *   root?: string,
 *   env?: NodeJS.ProcessEnv,
 *   out?: { write(text: string): unknown },
 *   err?: { write(text: string): unknown },
 *   build?: { command: string, args: string[] },
 *   prepare?: { command: string, args: string[] },
 *   argv?: string[],
 *   docsDir?: string,
 *   logPath?: string,
 * }} [options]
 * @returns {Promise<number | undefined>}
 */
export async function start({
  root = repositoryRoot,
  env = process.env,
  out = process.stdout,
  err = process.stderr,
  build,
  prepare,
  argv = process.argv.slice(2),
  docsDir = join(root, "apps/docs/dist"),
  logPath = join(root, "logs/start.log"),
} = {}) {
  const say = (line = "") => out.write(`${line}\n`);
  /** @param {string} message */
  const fail = (message) => {
    err.write(`xads: ${message}\n`);
    return 1;
  };
  let options;
  try {
    options = parseStartArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }
  if (options.help) {
    say(USAGE);
    return 0;
  }
  const emulated = options.mode === "emulator";
  const documents = loadSpec().served();
  let ports;
  try {
    ports = resolvePorts(documents, env);
  } catch (error) {
    if (error instanceof StartError) return fail(error.message);
    throw error;
  }

  const docs = createDocsServer();
  /**
   * What serves the documents: Prism's mocks (`reload` when a build changes a bundle) or the emulator.
   * @typedef {{
   *   servers: { name: string, title: string, url: string, standsFor: string | null, try: string }[],
   *   stop(options?: { force?: boolean }): Promise<void>,
   *   reload?: (names: string[]) => Promise<void>,
   * }} Serving
   */
  /**
   * @type {{
   *   stopping: boolean,
   *   serving: Promise<Serving> | undefined,
   *   building: ReturnType<typeof runBuild> | undefined,
   *   log: import("./log.mjs").Log | undefined,
   * }}
   */
  const state = { stopping: false, serving: undefined, building: undefined, log: undefined };
  /** @param {{ force?: boolean }} [stopOptions] */
  const stopServing = (stopOptions) =>
    state.serving?.then(
      (s) => s.stop(stopOptions),
      () => undefined,
    );
  /** @param {boolean} force */
  const shutdown = async (force) => {
    state.stopping = true;
    if (force) {
      state.building?.child.kill("SIGKILL");
      await stopServing({ force: true });
      process.exit(130);
    }
    say("\nxads: stopping...");
    state.building?.child.kill("SIGTERM");
    await Promise.all([stopServing(), closeServer(docs.server), state.building?.done]);
    await state.log?.close();
    say("xads: stopped.");
    process.exit(0);
  };
  const detach = onStopSignals({ stop: () => shutdown(false), kill: () => shutdown(true) });
  /** @param {string} message */
  const giveUp = async (message) => {
    detach();
    await closeServer(docs.server);
    await state.log?.close();
    return fail(message);
  };

  try {
    await listenOn(docs.server, ports.docs);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "EADDRINUSE")
      return giveUp(portInUseMessage("docs", ports.docs));
    throw error;
  }

  const log = openLog(logPath);
  state.log = log;
  const logName = relative(process.cwd(), log.path) || log.path;
  const buildEnv = { ...env, REDOCLY_TELEMETRY: "off", TURBO_TELEMETRY_DISABLED: "1" };
  say(`xads: starting the ${emulated ? "emulator" : "mocks"}; build and server output go to ${logName}`);

  /** @type {Record<string, string> | undefined} */
  let fixture;
  if (emulated) {
    // The emulator's dist is built, not committed: a turbo cache hit after the first run.
    const { command, args } = prepare ?? defaultPrepare(root);
    const preparing = runBuild({ command, args, cwd: root, env: buildEnv, log });
    state.building = preparing;
    const prepared = await preparing.done;
    state.building = undefined;
    if (state.stopping) return undefined;
    if (prepared.code !== 0)
      return giveUp(
        `the emulator's build failed (exit code ${prepared.code}); \`npx -y pnpm@10 start --static\` serves the example mocks without it. Its output:\n${prepared.output}`,
      );
    state.serving = startEmulator({ documents, ports: ports.mocks, host: HOST, strictAuth: options.strictAuth }).then(
      (served) => {
        fixture = /** @type {Record<string, string>} */ (/** @type {unknown} */ (served.fixture));
        return { servers: served.servers, stop: () => served.stop() };
      },
    );
  } else {
    state.serving = startMocks({
      ports: ports.mocks,
      host: HOST,
      onOutput: (name, chunk) => log.write(name, chunk),
      onExit: (name, code) => {
        if (!state.stopping)
          err.write(`xads: the ${name} mock (Prism) exited with code ${code}; its output is in ${logName}\n`);
      },
    });
  }
  let serving;
  try {
    serving = await state.serving;
  } catch (error) {
    if (state.stopping) return undefined;
    if (error instanceof PortInUseError || error instanceof EmulatorPortInUseError)
      return giveUp(portInUseMessage(error.document, error.port, emulated ? "emulator" : "mock"));
    throw error;
  }
  if (state.stopping) return undefined;

  say();
  for (const server of serving.servers) {
    say(`  ${server.title.padEnd(34)} ${server.url.padEnd(24)} stands for ${server.standsFor}`);
    say(`    ${server.try}`);
  }
  say();
  if (fixture) {
    say("The emulator keeps what you create, pages lists, counts rate limits and answers as the API does.");
    for (const line of fixtureLines(fixture, options.strictAuth)) say(line);
    // Every port answers the controls; the ads port is the one most requests go to.
    const controls = serving.servers.find((server) => server.name === "ads") ?? serving.servers[0];
    say(
      `Controls: ${controls?.url ?? ""}/_emulator/ (reset, clock, snapshot, faults, requests, fixture, tenants, coverage; see the emulator README).`,
    );
    say("`npx -y pnpm@10 start --static` serves Prism's example mocks instead. Ctrl-C stops everything.");
  } else {
    say("The mocks answer from the spec's examples and take any Authorization value in the scheme's form.");
    say("Open a mock's URL for its index. Ctrl-C stops everything.");
  }

  const before = bundleTexts(documents);
  const started = Date.now();
  const { command, args } = build ?? defaultBuild(root);
  say("Building the reference site; its URL follows when the build is done.");
  const building = runBuild({ command, args, cwd: root, env: buildEnv, log });
  state.building = building;

  const result = await building.done;
  if (state.stopping) return undefined;
  if (result.code !== 0) {
    err.write(
      `xads: the build failed (exit code ${result.code}); the ${emulated ? "emulator keeps" : "mocks keep"} serving. Its output:\n${result.output}\n`,
    );
    return undefined;
  }
  const after = bundleTexts(documents);
  const changed = documents.filter((d) => before[d.name] !== after[d.name]).map((d) => d.name);
  if (changed.length > 0 && serving.reload) {
    await serving.reload(changed);
    say(`Reloaded the ${changed.join(", ")} mock${changed.length > 1 ? "s" : ""}: the build changed the bundle.`);
  } else if (changed.length > 0) {
    say(`The build changed the ${changed.join(", ")} bundle; restart to serve it.`);
  }
  docs.serve(docsDir);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(`  ${"Reference site".padEnd(34)} ${`http://${HOST}:${ports.docs}/`.padEnd(24)} built in ${seconds} s`);
  return undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await start();
  if (code !== undefined) process.exit(code);
}
