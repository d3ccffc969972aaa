// The secrets a request must not carry: the tenant's consumer secrets and the secret of the token it
// names (or the fixture's). Read from the auth state when a check asks; never kept, never reported.
import type { AuthState } from "../auth/state.js";
import type { Fixture } from "../fixture.js";

/** What the doctor reads of a tenant (its runtime): where its request log starts, and its credentials. */
export interface DoctorTenant {
  fixture: Pick<Fixture, "tokenSecret">;
  state(): { auth: AuthState };
  log: { readonly firstSequence: number };
}

/** Shorter values could match by chance; every issued secret is longer. */
const MIN_SECRET_LENGTH = 16;

export function secretsOf(runtime: DoctorTenant, oauth: Readonly<Record<string, string>> | undefined): string[] {
  const { auth } = runtime.state();
  const secrets = [runtime.fixture.tokenSecret, ...Object.values(auth.apps).map((app) => app.secret)];
  const token = oauth?.oauth_token;
  if (token !== undefined) {
    const issued = Object.hasOwn(auth.accessTokens, token)
      ? auth.accessTokens[token]
      : Object.hasOwn(auth.requestTokens, token)
        ? auth.requestTokens[token]
        : undefined;
    if (issued) secrets.push(issued.secret);
  }
  return [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH))];
}
