// Real-host mode: credentials from the environment, requests signed with OAuth 1.0a by @xads/client.
// Nothing here prints or throws a secret: errors name the missing variables only.
import type { RequestPlan, SignableRequest } from "./requests.js";

interface OAuth1Input {
  method: string;
  url: string;
  form?: Record<string, string>;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}
type SignOAuth1 = (input: OAuth1Input) => { authorization: string };

const CREDENTIALS = [
  "XADS_OAUTH_CONSUMER_KEY",
  "XADS_OAUTH_CONSUMER_SECRET",
  "XADS_OAUTH_TOKEN",
  "XADS_OAUTH_TOKEN_SECRET",
] as const;

/** The credentials a real host needs, read from the environment; a clear error names the missing ones. */
export function realHostCredentials(env: NodeJS.ProcessEnv = process.env) {
  const missing = CREDENTIALS.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(`real-host mode needs the environment variables ${missing.join(", ")} (they are not set)`);
  }
  return {
    consumerKey: env.XADS_OAUTH_CONSUMER_KEY as string,
    consumerSecret: env.XADS_OAUTH_CONSUMER_SECRET as string,
    token: env.XADS_OAUTH_TOKEN as string,
    tokenSecret: env.XADS_OAUTH_TOKEN_SECRET as string,
  };
}

/** Loads `signOAuth1` from @xads/client only when a suite targets a real host. */
async function loadSigner(): Promise<SignOAuth1> {
  let client: { signOAuth1?: unknown };
  try {
    client = (await import("@xads/client")) as { signOAuth1?: unknown };
  } catch (error) {
    throw new Error(
      `real-host mode signs with @xads/client: build it first (npx -y pnpm@10 turbo run build --filter @xads/client) (${(error as Error).message})`,
    );
  }
  if (typeof client.signOAuth1 !== "function") {
    throw new Error("real-host mode signs with signOAuth1 from @xads/client, which this build does not export");
  }
  return client.signOAuth1 as SignOAuth1;
}

/**
 * A signer for `send`: OAuth 1.0a (user context) for plans that carry an `OAuth` header, HTTP Basic with
 * the consumer key and secret for the token endpoint, and XADS_BEARER_TOKEN (when set) for app-only calls.
 */
export async function realHostSigner(env: NodeJS.ProcessEnv = process.env, signOAuth1?: SignOAuth1) {
  const credentials = realHostCredentials(env);
  const sign = signOAuth1 ?? (await loadSigner());
  return async (request: SignableRequest): Promise<string | undefined> => {
    const scheme = request.authorization.split(" ", 1)[0]?.toLowerCase();
    if (scheme === "basic") {
      const pair = `${encodeURIComponent(credentials.consumerKey)}:${encodeURIComponent(credentials.consumerSecret)}`;
      return `Basic ${Buffer.from(pair).toString("base64")}`;
    }
    if (scheme === "bearer") return env.XADS_BEARER_TOKEN ? `Bearer ${env.XADS_BEARER_TOKEN}` : undefined;
    const { method, url, form } = request;
    return sign({ method, url, ...(form ? { form } : {}), ...credentials }).authorization;
  };
}

/** Puts XADS_ACCOUNT_ID (when set) in place of the `account_id` example of a plan. */
export function withRealAccount(plan: RequestPlan, env: NodeJS.ProcessEnv = process.env): RequestPlan {
  const account = env.XADS_ACCOUNT_ID;
  if (!account) return plan;
  const copy = structuredClone(plan);
  if ("account_id" in copy.path) copy.path.account_id = account;
  if ("account_id" in copy.query) copy.query.account_id = account;
  return copy;
}
