import { responseOf } from "../bundle.js";
import { expectDocumented, expectTruthfulHeaders } from "../expectations.js";
import type { CaseFamily, ContractCase } from "./family.js";

interface DocumentedErrorCase extends ContractCase {
  status: string;
  /** The example's name (empty for a lone `example`) and value. */
  example: { name: string; value: unknown };
}

export const documentedErrorsFamily: CaseFamily<DocumentedErrorCase> = {
  id: "documented-errors",
  describe:
    "every documented 4xx and 5xx example, chosen with `Prefer`: that status, the example as the body, truthful headers",
  casesOf(entry, { limitations }) {
    if (!limitations.choosesDocumentedErrors) return [];
    return entry.responses
      .map((r) => r.status)
      .filter((status) => /^[45]\d\d$/.test(status))
      .flatMap((status) => {
        const media = responseOf(entry, status)?.content[0];
        const examples = media?.examples.length ? media.examples : [{ name: "", value: media?.example }];
        return examples.map((example) => ({
          name: `answers the documented ${status}${example.name ? ` (${example.name})` : ""}`,
          status,
          example,
        }));
      });
  },
  async check({ status, example }, { expect, bundle, entry, request, send, covered }) {
    const plan = request();
    plan.headers.prefer = example.name ? `code=${status}, example=${example.name}` : `code=${status}`;
    const answer = await send(plan);
    expect(answer.status).toBe(Number(status));
    expectDocumented(expect, bundle, entry, status, answer);
    expectTruthfulHeaders(expect, entry, answer);
    if (example.value !== undefined) expect(answer.json ?? answer.text).toEqual(example.value);
    covered("documented errors", `${entry.id} ${status} ${example.name}`);
  },
};
