import { expectAccepted } from "../expectations.js";
import { realHostSigner, withRealAccount } from "../real-host-auth.js";
import { validRequest } from "../requests.js";
import { type ContractTarget, connectionTo } from "./target.js";

/** `XADS_TARGET_<NAME>` (e.g. XADS_TARGET_ADS=https://ads-api-sandbox.x.com) sends a suite to a real host. */
export function realTargetUrl(name: string): string | undefined {
  const key = `XADS_TARGET_${name.toUpperCase().replaceAll("-", "_")}`;
  return process.env[key] || undefined;
}

/** A real host named by `XADS_TARGET_<NAME>`, with OAuth 1.0a credentials from the environment. */
export const realHostTarget: ContractTarget = {
  id: "real-host",
  describe: "a real host (XADS_TARGET_<NAME>), requests signed with the credentials of the environment",
  start: async (documents) => ({
    endpoints: documents.map((d) => ({ name: d.name, target: "real-host", url: realTargetUrl(d.name) as string })),
    stop: async () => {},
  }),
  connect: async (endpoint) => connectionTo(endpoint.url, { sign: await realHostSigner() }),
  limitations: {
    // A real host keeps what it accepts: no write is sent only to be accepted.
    sendsAcceptedWrites: false,
    unreachable: () => undefined,
    sendsUnauthenticated: false,
    forbidsMissingCredentials: false,
    choosesDocumentedErrors: false,
    oneAtATime: true,
  },
  report: { as: "real host", file: (document) => `${document}.txt` },
  request: (entry) => withRealAccount(validRequest(entry)),
  async checkAccepted({ expect, bundle, entry, answer, what }) {
    expectAccepted(expect, bundle, entry, answer, what);
    return true;
  },
};
