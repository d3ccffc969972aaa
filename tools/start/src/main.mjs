#!/usr/bin/env node
// `pnpm start`: serves a mock for every document with operations at once (the bundles are committed,
// so they need no build), then builds the reference site in the background and serves it when the
// build is done. Prints each URL, what it stands for and a ready curl; everything else goes to the log.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PortInUseError, startMocks } from "@xads/mock";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { runBuild } from "./build.mjs";
import { createDocsServer } from "./docs-server.mjs";
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
  docsDir = join(root, "apps/docs/dist"),
  logPath = join(root, "logs/start.log"),
} = {}) {
  const say = (line = "") => out.write(`${line}\n`);
  /** @param {string} message */
  const fail = (message) => {
    err.write(`xads: ${message}\n`);
    return 1;
  };
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
   * @type {{
   *   stopping: boolean,
   *   mocks: Promise<import("@xads/mock").Mocks> | undefined,
   *   building: ReturnType<typeof runBuild> | undefined,
   *   log: import("./log.mjs").Log | undefined,
   * }}
   */
  const state = { stopping: false, mocks: undefined, building: undefined, log: undefined };
  /** @param {boolean} force */
  const shutdown = async (force) => {
    state.stopping = true;
    if (force) {
      state.building?.child.kill("SIGKILL");
      await state.mocks?.then(
        (m) => m.stop({ force: true }),
        () => undefined,
      );
      process.exit(130);
    }
    say("\nxads: stopping...");
    state.building?.child.kill("SIGTERM");
    await Promise.all([
      state.mocks?.then(
        (m) => m.stop(),
        () => undefined,
      ),
      closeServer(docs.server),
      state.building?.done,
    ]);
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
  say(`xads: starting the mocks; build and server output go to ${logName}`);
  state.mocks = startMocks({
    ports: ports.mocks,
    host: HOST,
    onOutput: (name, chunk) => log.write(name, chunk),
    onExit: (name, code) => {
      if (!state.stopping)
        err.write(`xads: the ${name} mock (Prism) exited with code ${code}; its output is in ${logName}\n`);
    },
  });
  let mocks;
  try {
    mocks = await state.mocks;
  } catch (error) {
    if (state.stopping) return undefined;
    if (error instanceof PortInUseError) return giveUp(portInUseMessage(error.document, error.port));
    throw error;
  }
  if (state.stopping) return undefined;

  say();
  for (const server of mocks.servers) {
    say(`  ${server.title.padEnd(34)} ${server.url.padEnd(24)} stands for ${server.standsFor}`);
    say(`    ${server.try}`);
  }
  say();
  say("The mocks answer from the spec's examples and take any Authorization value in the scheme's form.");
  say("Open a mock's URL for its index. Ctrl-C stops everything.");

  const before = bundleTexts(documents);
  const started = Date.now();
  const { command, args } = build ?? defaultBuild(root);
  say("Building the reference site; its URL follows when the build is done.");
  const building = runBuild({
    command,
    args,
    cwd: root,
    env: { ...env, REDOCLY_TELEMETRY: "off", TURBO_TELEMETRY_DISABLED: "1" },
    log,
  });
  state.building = building;

  const result = await building.done;
  if (state.stopping) return undefined;
  if (result.code !== 0) {
    err.write(
      `xads: the build failed (exit code ${result.code}); the mocks keep serving. Its output:\n${result.output}\n`,
    );
    return undefined;
  }
  const after = bundleTexts(documents);
  const changed = documents.filter((d) => before[d.name] !== after[d.name]).map((d) => d.name);
  if (changed.length > 0) {
    await mocks.reload(changed);
    say(`Reloaded the ${changed.join(", ")} mock${changed.length > 1 ? "s" : ""}: the build changed the bundle.`);
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
