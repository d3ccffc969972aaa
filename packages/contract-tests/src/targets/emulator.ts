import { errorSummary, onlyUnsafeIntegerViolations } from "../emulator-answers.js";
import { expectAccepted, expectDocumented } from "../expectations.js";
import { validRequest } from "../requests.js";
import { type ContractTarget, connectionTo } from "./target.js";

/**
 * @xads/emulator behind one `prism proxy --errors` per document (src/emulator-server.ts): requests
 * meant to be accepted go through the proxy, which validates each answer; those meant to be rejected
 * go to the emulator itself, since the proxy answers an invalid request itself.
 */
export const emulatorTarget: ContractTarget = {
  id: "emulator",
  describe: "@xads/emulator behind prism proxy --errors, answering each request from its start state",
  async start(documents) {
    const { startEmulatorTargets } = await import("../emulator-server.js");
    const started = await startEmulatorTargets(documents);
    return {
      endpoints: started.targets.map((t) => ({ name: t.name, target: "emulator", url: t.url, direct: t.direct })),
      stop: started.stop,
    };
  },
  connect: async (endpoint) => connectionTo(endpoint.url, {}, endpoint.direct),
  limitations: {
    sendsAcceptedWrites: true,
    unreachable: () => undefined,
    sendsUnauthenticated: true,
    forbidsMissingCredentials: true,
    choosesDocumentedErrors: false,
    oneAtATime: false,
  },
  report: { as: "emulator", file: (document) => `${document}.emulator.txt` },
  request: validRequest,
  /**
   * A request a stateless mock accepts may be refused for a reason of state or of a cross-field rule:
   * then a 4xx in the documented error body, listed in the report. An answer Prism could not judge
   * (only 64-bit ids above 2^53 in its violations) is asked again of the emulator itself and checked
   * by the suite's validator.
   */
  async checkAccepted({ expect, bundle, entry, connection, coverage, answer, what, plan }) {
    let checked = answer;
    if (answer.status === 500 && onlyUnsafeIntegerViolations(answer)) {
      checked = await connection.sendRejected(entry, plan);
      coverage.note("checkedBySuite", {
        operationId: entry.id,
        caseId: what,
        reason: "an integer above 2^53 (int64 id)",
      });
    }
    if (checked.status >= 400 && checked.status < 500) {
      expectDocumented(expect, bundle, entry, String(checked.status), checked);
      coverage.note("refused", {
        operationId: entry.id,
        caseId: what,
        reason: `${checked.status} ${errorSummary(checked)}`,
      });
      return false;
    }
    expectAccepted(expect, bundle, entry, checked, what);
    return true;
  },
};
