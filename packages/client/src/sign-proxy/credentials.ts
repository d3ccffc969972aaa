// The signing proxy's credentials from the environment; an error names the missing variables only.
import type { ProxyCredentials } from "./signing-plan.js";

export const CREDENTIAL_VARIABLES = {
  consumerKey: "XADS_OAUTH_CONSUMER_KEY",
  consumerSecret: "XADS_OAUTH_CONSUMER_SECRET",
  token: "XADS_OAUTH_TOKEN",
  tokenSecret: "XADS_OAUTH_TOKEN_SECRET",
} as const;

export function credentialsFromEnv(env: Record<string, string | undefined>): ProxyCredentials {
  const missing = Object.values(CREDENTIAL_VARIABLES).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`set ${missing.join(", ")} (the credentials to sign with)`);
  return {
    consumerKey: env[CREDENTIAL_VARIABLES.consumerKey] as string,
    consumerSecret: env[CREDENTIAL_VARIABLES.consumerSecret] as string,
    token: env[CREDENTIAL_VARIABLES.token] as string,
    tokenSecret: env[CREDENTIAL_VARIABLES.tokenSecret] as string,
  };
}
