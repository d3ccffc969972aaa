import type { Operation } from "@xads/spec/lib/model.mjs";
import type { Node } from "@xads/spec/lib/operations.mjs";
import type { LoadedBundle } from "../bundle.js";
import {
  API_WARN,
  apiWarnProblems,
  documentedHeaders,
  headerExamples,
  latestDate,
  rateLimitProblems,
  resetProblems,
} from "../headers.js";
import type { CaseFamily, ContractCase } from "./family.js";

interface HeadersCase extends ContractCase {
  checks: "api-warn" | "rate-limits";
}

// Walked once per document: every operation's reset examples are compared with it.
const latestDates = new WeakMap<Node, number>();
function lastExampleDate(document: Node): number {
  const known = latestDates.get(document);
  if (known !== undefined) return known;
  const latest = latestDate(document);
  latestDates.set(document, latest);
  return latest;
}

/** What is wrong with the headers an operation documents, for one case (empty when nothing is). */
export function headerProblems({ checks }: HeadersCase, entry: Operation, bundle: LoadedBundle): string[] {
  if (checks === "api-warn") return apiWarnProblems(entry, documentedHeaders(entry));
  // Reset examples must lie after every date the document's examples show (the mock's front moves them after the request).
  const after = lastExampleDate(bundle.document);
  return documentedHeaders(entry).flatMap(({ status, headers }) => {
    const values = headerExamples(headers);
    const code = status === "default" ? 400 : Number(status);
    return [...rateLimitProblems(code, values), ...resetProblems(values, after)].map(
      (problem) => `${status}: ${problem}`,
    );
  });
}

export const documentedHeadersFamily: CaseFamily<HeadersCase> = {
  id: "documented-headers",
  describe: `the documented responses, read from the bundle: ${API_WARN} only where deprecated, rate-limit examples that agree with each status`,
  casesOf: (entry) => [
    {
      name: `documents ${API_WARN} ${entry.deprecated ? "on its successes (deprecated)" : "on no response (not deprecated)"}`,
      checks: "api-warn",
    },
    { name: "documents rate-limit header examples that agree with each status", checks: "rate-limits" },
  ],
  check(contractCase, { expect, entry, bundle }) {
    expect(headerProblems(contractCase, entry, bundle)).toEqual([]);
  },
};
