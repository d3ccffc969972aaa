import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Operation } from "@xads/spec/lib/model.mjs";
import { afterAll, beforeAll, describe, type ExpectStatic, inject, it } from "vitest";
import { type LoadedBundle, loadBundle, responseOf } from "./bundle.js";
import { casesOf, type OperationCases } from "./cases.js";
import { Coverage } from "./coverage.js";
import {
  API_WARN,
  answerHeaders,
  apiWarnProblems,
  documentedHeaders,
  headerExamples,
  latestDate,
  rateLimitProblems,
  resetProblems,
} from "./headers.js";
import { malformedIdentifiers, shown, whereNamed } from "./identifiers.js";
import { prismLimitation } from "./limitations.js";
import { withCompanions, withValue } from "./plans.js";
import { realHostSigner, withRealAccount } from "./real-host.js";
import { type RequestPlan, type SendOptions, send, validRequest } from "./requests.js";
import { type Site, sitesOf } from "./sites.js";
import type { Target } from "./targets.js";

type Answer = Awaited<ReturnType<typeof send>>;

/** Where each suite also writes its coverage report (test-results/coverage/<document>.txt). */
const reportDir = fileURLToPath(new URL("../test-results/coverage/", import.meta.url));

function successStatus(entry: Operation): string {
  const codes = entry.responses.map((r) => r.status).filter((c) => /^2\d\d$/.test(c));
  const first = codes.sort()[0];
  if (!first) throw new Error(`${entry.id} documents no 2xx response`);
  return first;
}

function describeErrors(validate: { errors?: unknown }) {
  return JSON.stringify(validate.errors, null, 1);
}

/** Asserts that an answer has the status, media type and schema that the operation documents for it. */
function expectDocumented(
  expect: ExpectStatic,
  bundle: LoadedBundle,
  entry: Operation,
  status: string,
  answer: Answer,
) {
  const documented = responseOf(entry, status) ?? responseOf(entry, "default");
  expect(documented, `${entry.id} documents ${status} or default`).toBeDefined();
  const media = documented?.content[0];
  if (!media?.schema) {
    expect(answer.text).toBe("");
    return;
  }
  expect(answer.headers.get("content-type") ?? "").toContain(media.mediaType);
  const body = media.mediaType.includes("json") ? answer.json : answer.text;
  const validate = bundle.validator(media.schema);
  expect(validate(body), describeErrors(validate)).toBe(true);
}

/** The documented success status and body. */
function expectAccepted(expect: ExpectStatic, bundle: LoadedBundle, entry: Operation, answer: Answer, what: string) {
  const status = successStatus(entry);
  expect(answer.status, `${what}: ${answer.text}`).toBe(Number(status));
  expectDocumented(expect, bundle, entry, status, answer);
}

/** Rejected in the documented error body: 400 where the operation documents one (the ads error body), else a 4xx. */
function expectRejected(expect: ExpectStatic, bundle: LoadedBundle, entry: Operation, answer: Answer, what: string) {
  if (responseOf(entry, "400")) expect(answer.status, `${what}: ${answer.text}`).toBe(400);
  else {
    expect(answer.status, `${what}: ${answer.text}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${what}: ${answer.text}`).toBeLessThan(500);
  }
  expectDocumented(expect, bundle, entry, String(answer.status), answer);
}

/** The answer's rate-limit headers agree with its status, and x-api-warn comes only from a deprecated operation. */
function expectTruthfulHeaders(expect: ExpectStatic, entry: Operation, answer: Answer) {
  expect(rateLimitProblems(answer.status, answerHeaders(answer.headers)), "rate-limit headers").toEqual([]);
  const warns = answer.headers.has(API_WARN);
  if (!entry.deprecated) expect(warns, `${API_WARN} on an operation that is not deprecated`).toBe(false);
  else if (answer.status < 300) expect(warns, `${API_WARN} on a success of a deprecated operation`).toBe(true);
}

/** Rejected as a malformed identifier: 400, the error body, INVALID_PARAMETER where the body has codes, the parameter named. */
function expectMalformedIdentifier(
  expect: ExpectStatic,
  bundle: LoadedBundle,
  entry: Operation,
  site: Site,
  answer: Answer,
  what: string,
) {
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

function withoutRequired(plan: RequestPlan, parameter: Operation["parameters"][number]): RequestPlan {
  const copy = structuredClone(plan);
  if (parameter.in === "query") delete copy.query[parameter.name];
  if (parameter.in === "header") delete copy.headers[parameter.name.toLowerCase()];
  return copy;
}

/** A short form of a case value for test names: long strings and lists keep their length visible. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= 60) return text;
  if (typeof value === "string") return `${JSON.stringify(value.slice(0, 24))}… (${value.length} characters)`;
  if (Array.isArray(value))
    return `[${(JSON.stringify(value[0]) ?? "").slice(0, 30)}, …] (${value.length} ${value.length === 1 ? "item" : "items"})`;
  return `${text.slice(0, 40)}…`;
}

/**
 * Prism's --errors answer that it could not judge: an int64 value above 2^53 among its violations
 * (ajv-formats allows only safe integers). Inside a union that one breach also fails the branch, so
 * the union's other branches add violations of their own; the suite's validator, which reads int64
 * exactly, judges the answer instead.
 */
function onlyUnsafeIntegerViolations(answer: Answer): boolean {
  const violations = (answer.json as { validation?: Array<{ code?: string; message?: string }> } | undefined)
    ?.validation;
  if (!Array.isArray(violations)) return false;
  const unsafe = (v: { code?: string; message?: string }) =>
    v.code === "maximum" && String(v.message).endsWith(`<= ${Number.MAX_SAFE_INTEGER}`);
  const unions = violations.some((v) => v.code === "oneOf" || v.code === "anyOf");
  return violations.some(unsafe) && (unions || violations.every(unsafe));
}

/** The first error of an answer, short: its code and message. */
function errorSummary(answer: Answer): string {
  const body = answer.json as
    | {
        errors?: Array<{ code?: unknown; message?: unknown }>;
        operation_errors?: Array<Array<{ code?: unknown; message?: unknown }>>;
        detail?: unknown;
      }
    | undefined;
  const first = body?.errors?.[0] ?? body?.operation_errors?.flat()[0];
  if (first) return `${String(first.code)}: ${String(first.message)}`.slice(0, 160);
  return String(body?.detail ?? answer.text).slice(0, 160);
}

/** Registers the spec-driven contract cases of one document. */
export function contractSuite(name: string) {
  const bundle = loadBundle(name);
  const target = inject("targets").find((t: Target) => t.name === name);
  const cases = new Map<string, OperationCases>(bundle.operations.map((e) => [e.id, casesOf(bundle, e)]));
  const all = [...cases.values()];
  const identifiers = new Map(bundle.operations.map((e) => [e.id, sitesOf(bundle, e).filter((s) => s.in === "path")]));
  const coverage = new Coverage(name, {
    operations: bundle.operations.length,
    bounds: all.flatMap((c) => c.bounds),
    enums: all.flatMap((c) => c.enums),
    identifiers: [...identifiers.values()].flat().length,
  });
  // Reset examples must lie after every date the document's examples show (the mock's front moves them after the request).
  const lastExampleDate = latestDate(bundle.document);
  const options: SendOptions = {};
  // The emulator project: accepted requests through `prism proxy --errors` (`url`), which validates
  // each answer; requests meant to be rejected straight to the emulator (`direct`), since the proxy
  // answers an invalid request itself.
  const emulated = target?.direct !== undefined;
  const real = target !== undefined && !target.mock && !emulated;
  const targetKind = target?.mock ? "mock" : emulated ? "emulator" : "real host";

  describe(`${name} contract`, () => {
    if (!target) throw new Error(`no target for ${name}: is its bundle empty?`);
    beforeAll(async () => {
      if (real) options.sign = await realHostSigner();
    });
    afterAll(() => {
      const report = coverage.report(targetKind);
      console.log(report);
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, `${name}${emulated ? ".emulator" : ""}.txt`), `${report}\n`);
    });

    const request = (entry: Operation) => (real ? withRealAccount(validRequest(entry)) : validRequest(entry));
    const sendTo = (entry: Operation, plan: RequestPlan) => send(target.url, entry, plan, options);
    const planAt = (entry: Operation, site: Site, value: unknown) =>
      withValue(withCompanions(request(entry), entry, site), site, value);
    const sendAt = (entry: Operation, site: Site, value: unknown) => sendTo(entry, planAt(entry, site, value));
    /** A request meant to be rejected: to the emulator itself in the emulator project. */
    const sendRejected = (entry: Operation, plan: RequestPlan) =>
      send(target.direct ?? target.url, entry, plan, options);
    const sendRejectedAt = (entry: Operation, site: Site, value: unknown) =>
      sendRejected(entry, planAt(entry, site, value));
    /**
     * A request a stateless mock accepts. The emulator may refuse it for a reason of state or of a
     * cross-field rule: then a 4xx in the documented error body, listed in the report. An answer
     * Prism could not judge (only 64-bit ids above 2^53 in its violations) is asked again of the
     * emulator itself and checked by the suite's validator.
     */
    const checkAccepted = async (
      expect: ExpectStatic,
      entry: Operation,
      answer: Answer,
      what: string,
      plan: RequestPlan,
    ): Promise<boolean> => {
      if (!emulated) {
        expectAccepted(expect, bundle, entry, answer, what);
        return true;
      }
      let checked = answer;
      if (answer.status === 500 && onlyUnsafeIntegerViolations(answer)) {
        checked = await sendRejected(entry, plan);
        coverage.checkedBySuite.push({
          operationId: entry.id,
          caseId: what,
          reason: "an integer above 2^53 (int64 id)",
        });
      }
      if (checked.status >= 400 && checked.status < 500) {
        expectDocumented(expect, bundle, entry, String(checked.status), checked);
        coverage.refused.push({
          operationId: entry.id,
          caseId: what,
          reason: `${checked.status} ${errorSummary(checked)}`,
        });
        return false;
      }
      expectAccepted(expect, bundle, entry, checked, what);
      return true;
    };

    for (const entry of bundle.operations) {
      const { bounds, enums } = cases.get(entry.id) as OperationCases;
      // Reads have no side effects; a real host gets no write whose only purpose is to be accepted.
      const sendsAccepted = !real || entry.method === "get";

      // The mock is stateless, and the emulator answers each request from its start state: an
      // operation's cases run together. A real host gets them one at a time.
      const group = real ? describe : describe.concurrent;
      group(`${entry.method.toUpperCase()} ${entry.path} (${entry.id})`, () => {
        it("answers the documented success body, with truthful headers", async ({ expect }) => {
          const answer = await sendTo(entry, request(entry));
          const accepted = await checkAccepted(expect, entry, answer, "the minimal request", request(entry));
          expectTruthfulHeaders(expect, entry, answer);
          if (accepted) coverage.add("operations", entry.id);
        });

        it(`documents ${API_WARN} ${entry.deprecated ? "on its successes (deprecated)" : "on no response (not deprecated)"}`, ({
          expect,
        }) => {
          expect(apiWarnProblems(entry, documentedHeaders(entry))).toEqual([]);
        });

        it("documents rate-limit header examples that agree with each status", ({ expect }) => {
          const problems = documentedHeaders(entry).flatMap(({ status, headers }) => {
            const values = headerExamples(headers);
            const code = status === "default" ? 400 : Number(status);
            return [...rateLimitProblems(code, values), ...resetProblems(values, lastExampleDate)].map(
              (problem) => `${status}: ${problem}`,
            );
          });
          expect(problems).toEqual([]);
        });

        for (const site of identifiers.get(entry.id) ?? []) {
          const example = String(site.example);
          const malformed = malformedIdentifiers(example);
          it(`path ${site.name}: accepts ${show(example)}, rejects ${malformed.map(shown).join(" ")} naming it`, async ({
            expect,
          }) => {
            const validate = bundle.validator(site.schema);
            expect(typeof site.schema.pattern, `${site.name} has a pattern`).toBe("string");
            expect(validate(example), `the example ${example} matches ${site.schema.pattern}`).toBe(true);
            for (const value of malformed)
              expect(validate(value), `${shown(value)} fails ${site.schema.pattern}`).toBe(false);
            // The request's own value: the example, or the real account (XADS_ACCOUNT_ID) on a real host.
            const valid = request(entry).path[site.name] ?? example;
            const [accepted, ...rejected] = await Promise.all([
              sendsAccepted ? sendAt(entry, site, valid) : undefined,
              ...malformed.map((value) => sendRejectedAt(entry, site, value)),
            ]);
            if (accepted)
              await checkAccepted(
                expect,
                entry,
                accepted,
                `the valid value ${show(valid)}`,
                planAt(entry, site, valid),
              );
            rejected.forEach((answer, i) => {
              expectMalformedIdentifier(
                expect,
                bundle,
                entry,
                site,
                answer as Answer,
                `${shown(malformed[i] as string)}`,
              );
            });
            coverage.add("path identifiers", `${entry.id} ${site.name}`);
          });
        }

        for (const parameter of entry.parameters.filter((p) => p.required && p.in !== "path")) {
          it(`rejects a request without ${parameter.in} ${parameter.name} in the error body`, async ({ expect }) => {
            const answer = await sendRejected(entry, withoutRequired(request(entry), parameter));
            expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
            expect(answer.status).toBeLessThan(500);
            expectDocumented(expect, bundle, entry, String(answer.status), answer);
            coverage.add("required inputs", `${entry.id}.${parameter.name}`);
          });
        }

        const body = validRequest(entry).body;
        if (body?.value && typeof body.value === "object" && !Array.isArray(body.value)) {
          const required: string[] = entry.requestBody?.schema?.required ?? [];
          for (const property of required) {
            it(`rejects a body without ${property} in the error body`, async ({ expect }) => {
              const plan = request(entry);
              const value = { ...(plan.body?.value as Record<string, unknown>) };
              delete value[property];
              const answer = await sendRejected(entry, { ...plan, body: { mediaType: body.mediaType, value } });
              expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
              expect(answer.status).toBeLessThan(500);
              expectDocumented(expect, bundle, entry, String(answer.status), answer);
              coverage.add("required inputs", `${entry.id}.body.${property}`);
            });
          }
        }

        for (const bound of bounds) {
          if (bound.unbuildable) {
            coverage.unbuildableBounds.push({
              operationId: entry.id,
              caseId: bound.id,
              reason: bound.unbuildable,
            });
            continue;
          }
          const limitation = target.mock ? prismLimitation(bound.site, bound.rejected) : undefined;
          if (limitation) coverage.notExercisable.push({ operationId: entry.id, caseId: bound.id, reason: limitation });
          if (!sendsAccepted) coverage.pastOnly.push({ operationId: entry.id, caseId: bound.id, reason: "a write" });
          it(`bound ${bound.id}: accepts ${show(bound.accepted)}, rejects ${show(bound.rejected)}`, async ({
            expect,
          }) => {
            const [atBound, pastBound] = await Promise.all([
              sendsAccepted ? sendAt(entry, bound.site, bound.accepted) : undefined,
              limitation ? undefined : sendRejectedAt(entry, bound.site, bound.rejected),
            ]);
            const acceptedAtBound =
              atBound !== undefined &&
              (await checkAccepted(
                expect,
                entry,
                atBound,
                `${bound.id} at the bound (${show(bound.accepted)})`,
                planAt(entry, bound.site, bound.accepted),
              ));
            if (pastBound) expectRejected(expect, bundle, entry, pastBound, `past the bound (${show(bound.rejected)})`);
            if (acceptedAtBound && pastBound) coverage.add("bounds", `${entry.id} ${bound.id}`);
          });
        }

        for (const enumCase of enums) {
          if (enumCase.unbuildable) {
            coverage.unbuildableEnums.push({
              operationId: entry.id,
              caseId: enumCase.id,
              reason: enumCase.unbuildable,
            });
          }
          const what = `${enumCase.sampled ? "first and last" : "each"} of ${enumCase.listed} values`;
          it(`enum ${enumCase.id}: accepts ${what}, rejects ${show(enumCase.rejected)}`, async ({ expect }) => {
            const accepted = sendsAccepted ? enumCase.accepted : [];
            const answers = await Promise.all(accepted.map((value) => sendAt(entry, enumCase.site, value)));
            for (const [i, answer] of answers.entries())
              await checkAccepted(
                expect,
                entry,
                answer,
                `${enumCase.id} listed value ${show(accepted[i])}`,
                planAt(entry, enumCase.site, accepted[i]),
              );
            if (enumCase.rejected !== undefined) {
              const answer = await sendRejectedAt(entry, enumCase.site, enumCase.rejected);
              expectRejected(expect, bundle, entry, answer, `value outside the enum ${show(enumCase.rejected)}`);
              coverage.add("enums", `${entry.id} ${enumCase.id}`);
            }
            for (const value of accepted) coverage.add("enum values", `${entry.id} ${enumCase.id} ${show(value)}`);
          });
        }

        const secured = entry.security !== "none";
        if (secured && !real) {
          it("answers 401 in the error body without credentials", async ({ expect }) => {
            const plan = request(entry);
            plan.headers = {};
            const answer = await sendRejected(entry, plan);
            // The emulator answers missing Basic credentials as the auth host answers bad ones (403 code
            // 99) where the operation documents a 403; the mock answers 401 for every missing credential.
            const refusedAs403 = emulated && answer.status === 403 && responseOf(entry, "403") !== undefined;
            expect(answer.status, answer.text).toBe(refusedAs403 ? 403 : 401);
            expectDocumented(expect, bundle, entry, String(answer.status), answer);
            coverage.add("unauthenticated", entry.id);
          });
        }

        if (!target.mock) return;
        for (const status of entry.responses.map((r) => r.status).filter((c) => /^[45]\d\d$/.test(c))) {
          const documented = responseOf(entry, status);
          const media = documented?.content[0];
          const examples = media?.examples.length ? media.examples : [{ name: "", value: media?.example }];
          for (const example of examples) {
            it(`answers the documented ${status}${example.name ? ` (${example.name})` : ""}`, async ({ expect }) => {
              const plan = request(entry);
              plan.headers.prefer = example.name ? `code=${status}, example=${example.name}` : `code=${status}`;
              const answer = await sendTo(entry, plan);
              expect(answer.status).toBe(Number(status));
              expectDocumented(expect, bundle, entry, status, answer);
              expectTruthfulHeaders(expect, entry, answer);
              if (example.value !== undefined) expect(answer.json ?? answer.text).toEqual(example.value);
              coverage.add("documented errors", `${entry.id} ${status} ${example.name}`);
            });
          }
        }
      });
    }
  });
}
