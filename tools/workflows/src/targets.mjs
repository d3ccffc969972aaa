// Where the workflows run: a strict emulator, or the real sandbox, each behind one signing proxy per
// document (respect cannot sign OAuth 1.0a).
import { createHarRecorder, createSigningProxy, createTokenMemory, credentialsFromEnv } from "@xads/client/sign-proxy";
import { createEmulator } from "@xads/emulator";

/** The real hosts of each document's sandbox (the auth and upload hosts have none of their own). */
export const SANDBOX_HOSTS = {
  auth: "https://api.x.com",
  ads: "https://ads-api-sandbox.x.com",
  "tailored-audiences": "https://ads-api-sandbox.x.com",
  upload: "https://upload.x.com",
};

/**
 * @param {Record<string, string>} targets document -> origin
 * @param {import("@xads/client/sign-proxy").ProxyCredentials} credentials
 * @param {import("@xads/client/sign-proxy").HarRecorder} [recorder] one timeline for every host
 */
async function proxies(targets, credentials, recorder) {
  // One memory for all hosts: an access token issued by the auth host signs ads requests.
  const tokens = createTokenMemory();
  const started = await Promise.all(
    Object.entries(targets).map(async ([name, target]) => [
      name,
      await createSigningProxy({ target, credentials, tokens, ...(recorder ? { recorder } : {}) }),
    ]),
  );
  return {
    servers: Object.fromEntries(started.map(([name, proxy]) => [name, /** @type {any} */ (proxy).url])),
    close: () => Promise.all(started.map(([, proxy]) => /** @type {any} */ (proxy).close())),
  };
}

/**
 * A fresh strict emulator (signatures checked, rate limits on) with a signing proxy per document; the
 * `emulator` source (its controls) is served directly.
 * @param {import("@xads/emulator").EmulatorOptions} [options]
 */
export async function emulatorTarget(options = {}) {
  const emulator = await createEmulator({ auth: "strict", rateLimits: true, ...options });
  const served = await emulator.listen();
  const { consumerKey, consumerSecret, token, tokenSecret } = emulator.fixture;
  const signed = await proxies(served.urls, { consumerKey, consumerSecret, token, tokenSecret });
  return {
    emulator,
    servers: { ...signed.servers, emulator: served.urls.ads },
    async close() {
      await signed.close();
      await served.close();
    },
  };
}

/**
 * The real sandbox, signed with the XADS_OAUTH_* credentials; throws, naming the missing variables,
 * without them. `recordDir`: every exchange written to recordDir/recording.har, redacted.
 * @param {Record<string, string | undefined>} [env]
 * @param {{ recordDir?: string }} [options]
 */
export async function sandboxTarget(env = process.env, options = {}) {
  const credentials = credentialsFromEnv(env);
  const recorder = options.recordDir ? createHarRecorder(credentials, options.recordDir) : undefined;
  const signed = await proxies(SANDBOX_HOSTS, credentials, recorder);
  return { servers: signed.servers, close: signed.close, recording: recorder?.file };
}
