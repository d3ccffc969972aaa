import { expectTruthfulHeaders } from "../expectations.js";
import type { CaseFamily } from "./family.js";

export const successFamily: CaseFamily = {
  id: "success",
  describe: "the minimal valid request answers the documented 2xx, body and truthful headers",
  casesOf: () => [{ name: "answers the documented success body, with truthful headers" }],
  async check(_, run) {
    const answer = await run.send(run.request());
    const accepted = await run.checkAccepted(answer, "the minimal request", run.request());
    expectTruthfulHeaders(run.expect, run.entry, answer);
    if (accepted) run.covered("operations", run.entry.id);
  },
};
