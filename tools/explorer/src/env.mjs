// The explorer's settings from the environment, for a replay or a longer run without editing code:
// XADS_EXPLORE_SEED, XADS_EXPLORE_RUNS, XADS_EXPLORE_STEPS, XADS_EXPLORE_PATH, XADS_EXPLORE_REPLAY_PATH,
// and for the real sandbox XADS_EXPLORE_BASE_URL and XADS_EXPLORE_PARAMS (README.md).

/**
 * @typedef {object} EnvOptions
 * @property {number | undefined} seed
 * @property {number | undefined} runs
 * @property {number | undefined} steps
 * @property {string | undefined} path
 * @property {string | undefined} replayPath
 * @property {string | undefined} baseUrl a base URL that signs for us (the signing proxy)
 * @property {Record<string, unknown>} overrides parameter values in place of the examples'
 */

/**
 * @param {string} name
 * @param {string | undefined} text
 * @param {{ min: number }} bounds
 */
function integerOf(name, text, { min }) {
  if (text === undefined || text === "") return undefined;
  if (!/^-?[0-9]+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text)))
    throw new Error(`${name} must be an integer of at least ${min} (got ${JSON.stringify(text)})`);
  return Number(text);
}

/**
 * @param {string | undefined} text
 * @returns {Record<string, unknown>}
 */
function overridesOf(text) {
  if (text === undefined || text === "") return {};
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new Error(`XADS_EXPLORE_PARAMS must be a JSON object of parameter values (got ${JSON.stringify(text)})`);
  return /** @type {Record<string, unknown>} */ (value);
}

/**
 * @param {Record<string, string | undefined>} env
 * @returns {EnvOptions}
 */
export function optionsFromEnv(env) {
  const baseUrl = env.XADS_EXPLORE_BASE_URL || undefined;
  if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl))
    throw new Error(`XADS_EXPLORE_BASE_URL must be an http(s) URL (got ${JSON.stringify(baseUrl)})`);
  return {
    seed: integerOf("XADS_EXPLORE_SEED", env.XADS_EXPLORE_SEED, { min: -(2 ** 31) }),
    runs: integerOf("XADS_EXPLORE_RUNS", env.XADS_EXPLORE_RUNS, { min: 1 }),
    steps: integerOf("XADS_EXPLORE_STEPS", env.XADS_EXPLORE_STEPS, { min: 1 }),
    path: env.XADS_EXPLORE_PATH || undefined,
    replayPath: env.XADS_EXPLORE_REPLAY_PATH || undefined,
    baseUrl,
    overrides: overridesOf(env.XADS_EXPLORE_PARAMS),
  };
}
