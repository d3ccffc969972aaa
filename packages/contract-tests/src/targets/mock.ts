import { expectAccepted } from "../expectations.js";
import { prismLimitation } from "../limitations.js";
import { validRequest } from "../requests.js";
import { type ContractTarget, connectionTo } from "./target.js";

/** The default target: one Prism mock per document, started on a free port for the run. */
export const mockTarget: ContractTarget = {
  id: "mock",
  describe: "the Prism mock of each document's bundle",
  async start(documents) {
    const { startMocks } = await import("@xads/mock");
    const mocks = await startMocks({ names: documents.map((d) => d.name), ports: "free" });
    return {
      endpoints: mocks.servers.map((s) => ({ name: s.name, target: "mock", url: s.url })),
      stop: () => mocks.stop(),
    };
  },
  connect: async (endpoint) => connectionTo(endpoint.url),
  limitations: {
    sendsAcceptedWrites: true,
    unreachable: prismLimitation,
    sendsUnauthenticated: true,
    forbidsMissingCredentials: false,
    choosesDocumentedErrors: true,
    oneAtATime: false,
  },
  report: { as: "mock", file: (document) => `${document}.txt` },
  request: validRequest,
  async checkAccepted({ expect, bundle, entry, answer, what }) {
    expectAccepted(expect, bundle, entry, answer, what);
    return true;
  },
};
