// Signed requests with the fixture's credentials, and emulators on a virtual clock.
import { randomBytes } from "node:crypto";
import { hmacSha1Signature, percentEncode, signatureBaseString } from "../src/auth/oauth1.js";
import { createEmulator, type Emulator, type EmulatorOptions } from "../src/index.js";

export const START = Date.parse("2026-01-01T00:00:00Z");
export const ADS = "https://ads-api.x.com";
/** The sandbox host: the sandbox-only operations (accounts, funding instruments, features) are served there. */
export const SANDBOX = "https://ads-api-sandbox.x.com";

/**
 * State rules every test emulator switches off (comma-separated registry ids): the broken-rule test of
 * tools/workflows runs a test file with one rule off to show that the file notices.
 */
const disabledByEnv = process.env.XADS_TEST_DISABLED_RULES?.split(",").filter(Boolean) ?? [];

export function newEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const disabledRules = [...disabledByEnv, ...(options.disabledRules ?? [])];
  return createEmulator({ now: START, ...options, disabledRules });
}

export interface SignOptions {
  token?: string;
  tokenSecret?: string;
  consumerKey?: string;
  consumerSecret?: string;
  timestamp?: number;
  nonce?: string;
  extra?: Record<string, string>;
  form?: string;
}

/** The Authorization header of an OAuth 1.0a HMAC-SHA1 signature (query and form body signed). */
export function authorization(emulator: Emulator, method: string, url: string, options: SignOptions = {}): string {
  const { fixture } = emulator;
  const oauth: Record<string, string> = {
    oauth_consumer_key: options.consumerKey ?? fixture.consumerKey,
    oauth_nonce: options.nonce ?? randomBytes(16).toString("hex"),
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: String(options.timestamp ?? Math.floor(emulator.clock.now() / 1000)),
    oauth_version: "1.0",
    ...(options.token === "" ? {} : { oauth_token: options.token ?? fixture.token }),
    ...options.extra,
  };
  const base = signatureBaseString(method, url, oauth, options.form ?? "");
  oauth.oauth_signature = hmacSha1Signature(
    base,
    options.consumerSecret ?? fixture.consumerSecret,
    options.token === "" ? "" : (options.tokenSecret ?? fixture.tokenSecret),
  );
  return `OAuth ${Object.entries(oauth)
    .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
    .join(", ")}`;
}

export interface CallOptions extends SignOptions {
  json?: unknown;
  headers?: Record<string, string>;
  /** Send no Authorization header. */
  anonymous?: boolean;
  /** A body sent as is (multipart); not signed. */
  rawBody?: ArrayBuffer;
}

/** A signed call; `path` may carry a query string. */
export async function call(emulator: Emulator, method: string, path: string, options: CallOptions = {}) {
  const url = path.startsWith("http") ? path : `${ADS}${path}`;
  const headers: Record<string, string> = { ...options.headers };
  let body: string | ArrayBuffer | undefined = options.rawBody;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = options.form;
  }
  if (!options.anonymous) headers.authorization ??= authorization(emulator, method, url, options);
  const response = await emulator.fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: the tests read answer bodies of many shapes loosely
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: json };
}

export const accountPath = (emulator: Emulator, rest = "") => `/12/accounts/${emulator.fixture.accountId}${rest}`;

/** A parameter value as the wire carries it: lists comma-joined, objects as JSON. */
export const wire = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(wire).join(",")
    : typeof value === "object" && value !== null
      ? JSON.stringify(value)
      : String(value);
