// The auth host's operations as a state machine (seed 000 section 3): request token -> authorize or
// authenticate (the user approves at once) -> access token -> invalidation; one bearer token per
// application, the same until invalidated.
import { type Answer, ApiFailure, type Call } from "../call.js";
import { INVALID_OR_EXPIRED_TOKEN } from "../http/errors.js";
import {
  authorizeRequestToken,
  bearerFor,
  exchangeRequestToken,
  invalidateBearer,
  issueRequestToken,
} from "./state.js";

/** The header that hands a script the callback URL the browser would be sent to. */
export const CALLBACK_HEADER = "x-xads-emulator-callback";

const expired = () =>
  new ApiFailure([
    {
      status: 401,
      code: "UNAUTHORIZED_ACCESS",
      message: INVALID_OR_EXPIRED_TOKEN.message,
      numeric: INVALID_OR_EXPIRED_TOKEN.code,
    },
  ]);

const pairs = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function approvalPage(call: Call): Answer {
  const token = String(call.query.oauth_token ?? "");
  const entry = authorizeRequestToken(call.auth, token);
  if (!entry?.verifier) throw expired();
  if (entry.callback === "oob") {
    return {
      status: 200,
      contentType: "text/html; charset=utf-8",
      body: `<!DOCTYPE html><html><body><p>Authorized. Enter this PIN in the application: <code id="oauth_pin">${entry.verifier}</code></p></body></html>`,
    };
  }
  const target = new URL(entry.callback);
  target.searchParams.set("oauth_token", token);
  target.searchParams.set("oauth_verifier", entry.verifier);
  const href = escapeHtml(target.href);
  return {
    status: 200,
    contentType: "text/html; charset=utf-8",
    headers: { [CALLBACK_HEADER]: target.href },
    body: `<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0;url=${href}"></head><body><p>Authorized: <a href="${href}">continue</a></p></body></html>`,
  };
}

export function handleAuth(call: Call): Answer | undefined {
  const oauth = call.oauth ?? {};
  const consumerKey = oauth.oauth_consumer_key ?? call.fixture.consumerKey;
  switch (call.operation.id) {
    case "createRequestToken": {
      const callback = String(call.query.oauth_callback ?? oauth.oauth_callback ?? "oob");
      const issued = issueRequestToken(call.auth, consumerKey, callback);
      return {
        status: 200,
        contentType: "text/plain; charset=utf-8",
        body: pairs({ oauth_token: issued.token, oauth_token_secret: issued.secret, oauth_callback_confirmed: "true" }),
      };
    }
    case "authorizeRequestToken":
    case "authenticateRequestToken":
      return approvalPage(call);
    case "createAccessToken": {
      const token = String(call.query.oauth_token ?? oauth.oauth_token ?? "");
      const verifier = String(call.query.oauth_verifier ?? oauth.oauth_verifier ?? "");
      const issued = exchangeRequestToken(call.auth, token, verifier, call.fixture);
      if (!issued) throw expired();
      return {
        status: 200,
        contentType: "text/plain; charset=utf-8",
        body: pairs({
          oauth_token: issued.token,
          oauth_token_secret: issued.secret,
          user_id: issued.userId,
          screen_name: issued.screenName,
        }),
      };
    }
    case "invalidateAccessToken":
    case "invalidateAccessTokenJson": {
      const token = oauth.oauth_token ?? "";
      const access = Object.hasOwn(call.auth.accessTokens, token) ? call.auth.accessTokens[token] : undefined;
      if (!access || access.invalidated) throw expired();
      access.invalidated = true;
      return { status: 200, body: { access_token: token } };
    }
    case "createBearerToken":
      return {
        status: 200,
        body: { token_type: "bearer", access_token: bearerFor(call.auth, call.credential ?? consumerKey) },
      };
    case "invalidateBearerToken": {
      const value = String(call.query.access_token ?? "");
      if (!invalidateBearer(call.auth, value)) throw expired();
      return { status: 200, body: { access_token: value } };
    }
    default:
      return undefined;
  }
}
