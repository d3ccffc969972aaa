// The host names the API answered on before x.com (README.md, "x-xads-legacy-hosts"): a document's
// root declares them in `x-xads-legacy-hosts`, a map from a current host name to its former ones.
// This reader checks the shape and gives a server URL its legacy URLs (same scheme, port and paths).

/** @typedef {import("./operations.mjs").Node} Node */

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(`x-xads-legacy-hosts: ${message}`);
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/**
 * The document's map of current host name to former host names (empty when it declares none).
 * @param {Node} bundle
 * @returns {Map<string, string[]>}
 */
export function legacyHostsOf(bundle) {
  const raw = bundle["x-xads-legacy-hosts"];
  /** @type {Map<string, string[]>} */
  const hosts = new Map();
  if (raw === undefined) return hosts;
  if (typeof raw !== "object" || raw === null || typeof raw.hosts !== "object" || raw.hosts === null)
    fail("needs a `hosts` map");
  for (const [current, former] of Object.entries(raw.hosts)) {
    if (!HOST_NAME.test(current)) fail(`${current} is not a lower-case host name`);
    if (!Array.isArray(former) || former.length === 0) fail(`${current} needs a list of former host names`);
    for (const name of former)
      if (typeof name !== "string" || !HOST_NAME.test(name) || name === current)
        fail(`${current}: ${String(name)} is not another lower-case host name`);
    hosts.set(current, [...former]);
  }
  return hosts;
}

/**
 * The URLs `url` was called by before: the same URL on each former name of its host.
 * @param {Map<string, string[]>} hosts
 * @param {string} url
 * @returns {string[]}
 */
export function legacyUrlsOf(hosts, url) {
  const parsed = new URL(url);
  return (hosts.get(parsed.hostname) ?? []).map((name) => {
    const legacy = new URL(url);
    legacy.hostname = name;
    // A server URL carries only the host (README.md): no trailing slash for a bare origin.
    return parsed.pathname === "/" && !url.endsWith("/") ? legacy.origin : legacy.href;
  });
}
