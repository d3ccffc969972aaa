// What the signing proxy does to one request, as a fetch: authorize it as its operation's security asks
// (the plan in signing-plan.ts), send it, and copy into answer headers what a runner cannot read from an
// `&`-joined token answer or a redirect (the token learnt, the verifier of the callback). The proxy
// serves it over HTTP; an Arazzo runner in a web page or a test calls it directly. No Node built-ins.
import { basicAuthorization } from "../layers/basic.js";
import { signOAuth1 } from "../oauth1.js";
import { type ProxyCredentials, planSigning, SIGN_TOKEN_HEADER } from "./signing-plan.js";
import { createTokenMemory, type TokenMemory } from "./token-memory.js";

/** Answer headers added to what the API answered: values a runner cannot read from an `&`-joined or HTML answer. */
export const RELAYED_TOKEN_HEADER = "x-xads-proxy-oauth-token";
export const RELAYED_VERIFIER_HEADER = "x-xads-proxy-oauth-verifier";

export interface SigningFetchOptions {
  credentials: ProxyCredentials;
  /** The relayed tokens, shared by everything that signs for one user; default: its own. */
  tokens?: TokenMemory;
  /** Sends the signed request (never following redirects); default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Signs and sends one request; rejects with {@link SigningRefused} when it cannot be signed. */
export type SigningFetch = (request: Request) => Promise<Response>;

/** The request cannot be signed (it names a token never relayed, or takes a bearer token it did not send). */
export class SigningRefused extends Error {
  override readonly name = "SigningRefused";
}

const BODYLESS_STATUSES = new Set([101, 103, 204, 205, 304]);

function verifierIn(link: string | null): string | undefined {
  if (!link) return undefined;
  try {
    return new URL(link).searchParams.get("oauth_verifier") ?? undefined;
  } catch {
    return undefined;
  }
}

export function createSigningFetch(options: SigningFetchOptions): SigningFetch {
  const { credentials } = options;
  for (const name of ["consumerKey", "consumerSecret", "token", "tokenSecret"] as const) {
    if (!credentials[name]) throw new TypeError(`signing fetch: credentials.${name} is empty`);
  }
  const tokens = options.tokens ?? createTokenMemory();
  const send = options.fetch ?? ((request: Request) => fetch(request));

  return async (request) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const headers = new Headers(request.headers);
    const signToken = headers.get(SIGN_TOKEN_HEADER) ?? undefined;
    headers.delete(SIGN_TOKEN_HEADER);
    const body = method === "GET" || method === "HEAD" ? undefined : new Uint8Array(await request.arrayBuffer());
    const plan = planSigning({
      method,
      path: url.pathname,
      query: url.searchParams,
      authorization: headers.get("authorization") ?? undefined,
      signToken,
      credentials,
      secretOf: tokens.secretOf,
    });
    if (plan.kind === "error") throw new SigningRefused(plan.message);
    if (plan.kind === "basic") headers.set("authorization", basicAuthorization(credentials));
    if (plan.kind === "oauth1") {
      const isForm = headers.get("content-type")?.startsWith("application/x-www-form-urlencoded");
      headers.set(
        "authorization",
        signOAuth1({
          method,
          url: url.href,
          ...(isForm && body ? { form: new TextDecoder().decode(body) } : {}),
          consumerKey: credentials.consumerKey,
          consumerSecret: credentials.consumerSecret,
          ...(plan.token ? { token: plan.token, tokenSecret: plan.tokenSecret } : {}),
        }).authorization,
      );
    }
    const answer = await send(
      new Request(url, { method, headers, redirect: "manual", ...(body && body.length > 0 ? { body } : {}) }),
    );
    const payload = new Uint8Array(await answer.arrayBuffer());
    const out = new Headers(answer.headers);
    if (answer.headers.get("content-type")?.startsWith("text/plain")) {
      const learnt = tokens.learn(new TextDecoder().decode(payload));
      if (learnt) out.set(RELAYED_TOKEN_HEADER, learnt);
    }
    const verifier =
      verifierIn(answer.headers.get("location")) ?? verifierIn(answer.headers.get("x-xads-emulator-callback"));
    if (verifier) out.set(RELAYED_VERIFIER_HEADER, verifier);
    return new Response(BODYLESS_STATUSES.has(answer.status) ? null : payload, { status: answer.status, headers: out });
  };
}
