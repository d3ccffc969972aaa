// The credentials the auth host issues, as a state machine: request tokens (issued -> authorized ->
// exchanged), access tokens (valid -> invalidated), and one bearer token per application (issued ->
// invalidated). Seen nonces are kept apart: they are traffic, not state, and stay out of snapshots.
import { randomToken, randomUint32 } from "../bytes.js";
import type { Fixture } from "../fixture.js";

export interface RequestToken {
  secret: string;
  consumerKey: string;
  callback: string;
  verifier: string | null;
}

export interface AccessToken {
  secret: string;
  consumerKey: string;
  userId: string;
  screenName: string;
  invalidated: boolean;
}

export interface AuthState {
  apps: Record<string, { secret: string; bearer: string | null; revokedBearers: string[] }>;
  requestTokens: Record<string, RequestToken>;
  accessTokens: Record<string, AccessToken>;
}

const token = randomToken;

export function initialAuthState(fixture: Fixture): AuthState {
  return {
    apps: { [fixture.consumerKey]: { secret: fixture.consumerSecret, bearer: null, revokedBearers: [] } },
    requestTokens: {},
    accessTokens: {
      [fixture.token]: {
        secret: fixture.tokenSecret,
        consumerKey: fixture.consumerKey,
        userId: fixture.userId,
        screenName: fixture.screenName,
        invalidated: false,
      },
    },
  };
}

export function issueRequestToken(state: AuthState, consumerKey: string, callback: string) {
  const issued = { token: token(30), secret: token(30) };
  state.requestTokens[issued.token] = { secret: issued.secret, consumerKey, callback, verifier: null };
  return issued;
}

/** The user approves: the request token gets a verifier (a 7-digit PIN in `oob` mode). */
export function authorizeRequestToken(state: AuthState, requestToken: string): RequestToken | undefined {
  const entry = Object.hasOwn(state.requestTokens, requestToken) ? state.requestTokens[requestToken] : undefined;
  if (!entry) return undefined;
  entry.verifier ??= entry.callback === "oob" ? String(1_000_000 + (randomUint32() % 9_000_000)) : token(24);
  return entry;
}

export function exchangeRequestToken(state: AuthState, requestToken: string, verifier: string, fixture: Fixture) {
  const entry = state.requestTokens[requestToken];
  if (!entry || entry.verifier === null || entry.verifier !== verifier) return undefined;
  delete state.requestTokens[requestToken];
  const issued = { token: `${fixture.userId}-${token(30)}`, secret: token(30) };
  state.accessTokens[issued.token] = {
    secret: issued.secret,
    consumerKey: entry.consumerKey,
    userId: fixture.userId,
    screenName: fixture.screenName,
    invalidated: false,
  };
  return { ...issued, userId: fixture.userId, screenName: fixture.screenName };
}

/** The application's outstanding bearer token, issued on first request; repeated calls return it. */
export function bearerFor(state: AuthState, consumerKey: string): string {
  const app = state.apps[consumerKey];
  if (!app) throw new Error(`unknown application ${consumerKey}`);
  app.bearer ??= `AAAAAAAAAAAAAAAAAAAAA${token(40)}`;
  return app.bearer;
}

export function invalidateBearer(state: AuthState, value: string): boolean {
  for (const app of Object.values(state.apps)) {
    if (app.bearer !== null && (app.bearer === value || encodeURIComponent(app.bearer) === value)) {
      app.revokedBearers.push(app.bearer);
      app.bearer = null;
      return true;
    }
  }
  return false;
}

export function isValidBearer(state: AuthState, value: string): boolean {
  return Object.values(state.apps).some((app) => app.bearer === value);
}
