// The tokens the proxy saw issued (request and access tokens in `&`-joined answers), with their
// secrets, so later steps can be signed with them. Bounded: the oldest entry goes first.

const DEFAULT_CAPACITY = 1_000;

export interface TokenMemory {
  secretOf(token: string): string | undefined;
  /** Reads an `oauth_token=...&oauth_token_secret=...` answer; returns the token it learnt. */
  learn(body: string): string | undefined;
  readonly size: number;
}

export function createTokenMemory(capacity = DEFAULT_CAPACITY): TokenMemory {
  const secrets = new Map<string, string>();
  return {
    secretOf: (token) => secrets.get(token),
    learn(body) {
      if (body.length > 4096 || !body.includes("oauth_token_secret=")) return undefined;
      const pairs = new URLSearchParams(body);
      const token = pairs.get("oauth_token");
      const secret = pairs.get("oauth_token_secret");
      if (!token || secret === null) return undefined;
      secrets.delete(token);
      secrets.set(token, secret);
      if (secrets.size > capacity) secrets.delete(secrets.keys().next().value as string);
      return token;
    },
    get size() {
      return secrets.size;
    },
  };
}
