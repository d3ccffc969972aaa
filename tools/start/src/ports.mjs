// Which port each served part takes: the documents' mock ports from spec/documents.json and 4000 for
// the reference site, each movable by its own environment variable.
export const DOCS_PORT = 4000;

/** The environment variable that moves a part's port: XADS_PORT_ADS, XADS_PORT_TAILORED_AUDIENCES, XADS_PORT_DOCS. */
/** @param {string} name */
export function portVariable(name) {
  return `XADS_PORT_${name.toUpperCase().replaceAll("-", "_")}`;
}

/** Thrown for settings the start cannot use; its message names the setting and the rule. */
export class StartError extends Error {
  /** @override */
  name = "StartError";
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} fallback
 */
function readPort(env, name, fallback) {
  const variable = portVariable(name);
  const text = env[variable];
  if (text === undefined || text === "") return fallback;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new StartError(`${variable} must be a port number from 1 to 65535, got ${JSON.stringify(text)}`);
  }
  return port;
}

/**
 * { mocks: { [document]: port }, docs } from the environment, checked and without duplicates.
 * @param {{ name: string, mockPort: number }[]} documents
 * @param {NodeJS.ProcessEnv} env
 */
export function resolvePorts(documents, env) {
  const mocks = Object.fromEntries(documents.map((d) => [d.name, readPort(env, d.name, d.mockPort)]));
  const docs = readPort(env, "docs", DOCS_PORT);
  /** @type {Map<number, string>} */
  const seen = new Map();
  /** @type {[string, number][]} */
  const parts = [...Object.entries(mocks), ["docs", docs]];
  for (const [name, port] of parts) {
    const other = seen.get(port);
    if (other)
      throw new StartError(
        `${portVariable(name)} and ${portVariable(other)} both give port ${port}: each part needs its own`,
      );
    seen.set(port, name);
  }
  return { mocks, docs };
}

/**
 * What to say when a port is taken, with the command that moves it. `server` names what serves a
 * document: "mock" (--static) or "emulator".
 * @param {string} part
 * @param {number} port
 * @param {"mock" | "emulator"} [server]
 */
export function portInUseMessage(part, port, server = "mock", suggestion = port + 1000) {
  const variable = portVariable(part);
  const what =
    part === "docs" ? "the reference site" : server === "mock" ? `the ${part} mock` : `the emulator's ${part} port`;
  return [
    `port ${port} (${what}) is already in use.`,
    `Stop what holds it, or move this part with ${variable}, for example:`,
    `  ${variable}=${suggestion} npx -y pnpm@10 start`,
  ].join("\n");
}
