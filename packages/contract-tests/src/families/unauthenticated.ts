import { responseOf } from "../bundle.js";
import { expectDocumented } from "../expectations.js";
import type { CaseFamily } from "./family.js";

export const unauthenticatedFamily: CaseFamily = {
  id: "unauthenticated",
  describe: "the minimal request of a secured operation without credentials: 401 in the error body",
  casesOf: (entry, { limitations }) =>
    entry.security !== "none" && limitations.sendsUnauthenticated
      ? [{ name: "answers 401 in the error body without credentials" }]
      : [],
  async check(_, { expect, bundle, entry, limitations, request, sendRejected, covered }) {
    const plan = request();
    plan.headers = {};
    const answer = await sendRejected(plan);
    // The emulator answers missing Basic credentials as the auth host answers bad ones (403 code 99)
    // where the operation documents a 403; the mock answers 401 for every missing credential.
    const refusedAs403 =
      limitations.forbidsMissingCredentials && answer.status === 403 && responseOf(entry, "403") !== undefined;
    expect(answer.status, answer.text).toBe(refusedAs403 ? 403 : 401);
    expectDocumented(expect, bundle, entry, String(answer.status), answer);
    covered("unauthenticated", entry.id);
  },
};
