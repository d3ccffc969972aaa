// How the signing proxy authorizes one request: a pure decision, so each case has a test.
import { nonOAuth1Operations } from "@xads/types/facts";
import { templateMatcher } from "@xads/types/templates";

/** The application's and the user's credentials (`XADS_OAUTH_*`). */
export interface ProxyCredentials {
  consumerKey: string;
  consumerSecret: string;
  token: string;
  tokenSecret: string;
}

/** What the proxy puts in the `Authorization` header of a forwarded request. */
export type SigningPlan =
  | { kind: "keep" }
  | { kind: "none" }
  | { kind: "basic" }
  | { kind: "oauth1"; token?: string; tokenSecret?: string };

/** The request header naming the token to sign with (one the proxy relayed); removed before forwarding. */
export const SIGN_TOKEN_HEADER = "x-xads-sign-token";

interface PlanInput {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  signToken: string | undefined;
  credentials: ProxyCredentials;
  /** The secret of a token the proxy relayed, or undefined. */
  secretOf: (token: string) => string | undefined;
}

const securityOf = templateMatcher(Object.entries(nonOAuth1Operations));

/** The operation's security kind when it is not OAuth 1.0a user context, from the spec's facts. */
export function nonOAuth1Kind(method: string, path: string): "basic" | "bearer" | "none" | undefined {
  return securityOf.find(method, path)?.value;
}

/**
 * An Authorization the workflow sent (a bearer token it obtained) is kept. Otherwise the operation's
 * security decides: Basic with the consumer key and secret, nothing, or OAuth 1.0a. OAuth 1.0a signs
 * with the configured user token, except: the request-token step (the one carrying `oauth_callback`,
 * RFC 5849 section 2.1) has no token; a request carrying a relayed request token in `oauth_token`
 * (the access-token step) signs with that token; `x-xads-sign-token` names a relayed access token.
 */
export function planSigning(input: PlanInput): SigningPlan | { kind: "error"; message: string } {
  if (input.authorization) return { kind: "keep" };
  const kind = nonOAuth1Kind(input.method, input.path);
  if (kind === "basic" || kind === "none") return { kind };
  if (kind === "bearer") {
    return { kind: "error", message: `${input.method} ${input.path} takes a bearer token: send it in Authorization` };
  }
  if (input.signToken !== undefined) {
    const secret = input.secretOf(input.signToken);
    if (secret === undefined) {
      return {
        kind: "error",
        message: `${SIGN_TOKEN_HEADER} names a token this proxy has not relayed (only tokens it saw issued can sign)`,
      };
    }
    return { kind: "oauth1", token: input.signToken, tokenSecret: secret };
  }
  if (input.query.has("oauth_callback")) return { kind: "oauth1" };
  const queryToken = input.query.get("oauth_token");
  const relayedSecret = queryToken ? input.secretOf(queryToken) : undefined;
  if (queryToken && relayedSecret !== undefined)
    return { kind: "oauth1", token: queryToken, tokenSecret: relayedSecret };
  return { kind: "oauth1", token: input.credentials.token, tokenSecret: input.credentials.tokenSecret };
}
