import type { Operation } from "@xads/spec/lib/model.mjs";
import { expectRejected } from "../expectations.js";
import { malformedIdentifiers, shown, whereNamed } from "../identifiers.js";
import type { Answer } from "../requests.js";
import { show } from "../show.js";
import { type Site, sitesOf } from "../sites.js";
import { sendsAccepted } from "../targets/target.js";
import type { CaseFamily, CaseRun, ContractCase } from "./family.js";

interface IdentifierCase extends ContractCase {
  site: Site;
  example: string;
  malformed: string[];
}

/** Rejected as a malformed identifier: 400, the error body, INVALID_PARAMETER where the body has codes, the parameter named. */
function expectMalformedIdentifier(run: CaseRun, site: Site, answer: Answer, what: string) {
  const { expect, bundle, entry } = run;
  expectRejected(expect, bundle, entry, answer, what);
  const errors = (answer.json as { errors?: Array<{ code?: unknown }> } | undefined)?.errors;
  if (Array.isArray(errors) && errors.some((e) => typeof e?.code === "string")) {
    expect(
      errors.map((e) => e.code),
      `${what}: ${answer.text}`,
    ).toContain("INVALID_PARAMETER");
  }
  const named = whereNamed(answer, "path", site.name);
  expect(
    named,
    `${what}: the error names ${site.name} (body: ${answer.text}; sl-violations: ${answer.headers.get("sl-violations")})`,
  ).toBeDefined();
  // A body whose errors carry `parameter` (the ads error body) must name it there.
  if (Array.isArray(errors) && errors.some((e) => e !== null && typeof e === "object" && "parameter" in e)) {
    expect(named, `${what}: the body's errors name ${site.name} (body: ${answer.text})`).toBe("body");
  }
}

export const pathIdentifiersFamily: CaseFamily<IdentifierCase> = {
  id: "path-identifiers",
  describe:
    "each path parameter: its example accepted; the empty id and ids with a NUL byte, a space or an encoded slash rejected with 400, naming it",
  casesOf: (entry: Operation, { bundle }) =>
    sitesOf(bundle, entry)
      .filter((site) => site.in === "path")
      .map((site) => {
        const example = String(site.example);
        const malformed = malformedIdentifiers(example);
        return {
          name: `path ${site.name}: accepts ${show(example)}, rejects ${malformed.map(shown).join(" ")} naming it`,
          site,
          example,
          malformed,
        };
      }),
  async check({ site, example, malformed }, run) {
    const { expect, bundle, entry } = run;
    const validate = bundle.validator(site.schema);
    expect(typeof site.schema.pattern, `${site.name} has a pattern`).toBe("string");
    expect(validate(example), `the example ${example} matches ${site.schema.pattern}`).toBe(true);
    for (const value of malformed) expect(validate(value), `${shown(value)} fails ${site.schema.pattern}`).toBe(false);
    // The request's own value: the example, or the real account (XADS_ACCOUNT_ID) on a real host.
    const valid = run.request().path[site.name] ?? example;
    const [accepted, ...rejected] = await Promise.all([
      sendsAccepted(run.limitations, entry) ? run.send(run.planAt(site, valid)) : undefined,
      ...malformed.map((value) => run.sendRejected(run.planAt(site, value))),
    ]);
    if (accepted) await run.checkAccepted(accepted, `the valid value ${show(valid)}`, run.planAt(site, valid));
    rejected.forEach((answer, i) => {
      expectMalformedIdentifier(run, site, answer as Answer, shown(malformed[i] as string));
    });
    run.covered("path identifiers", `${entry.id} ${site.name}`);
  },
};
