// Suites derived from the real bundles: every bound of every document (edge accepted, one past
// rejected, with an error naming the place), and every example valid against its own schema.
import { type Node, resolve } from "@xads/spec/lib/operations.mjs";
import { describe, expect, it } from "vitest";
import { getOperation } from "../../src/index.js";
import { pathName } from "../../src/runtime/errors.js";
import type { ResponseValidation, ValidationResult } from "../../src/runtime/types.js";
import { boundVariants, type Variant } from "./bounds.js";
import { baselineRequest, examplesOf, loadBundles } from "./bundles.js";

const bundles = loadBundles().filter((b) => b.operations.length > 0);
const counts = { bounds: 0, examples: 0 };

/** Schema errors at a place (x-rules errors are about combinations, not bounds, and are left out). */
function schemaErrorsAt(result: ValidationResult | ResponseValidation, parameter: string) {
  if (result.valid) return [];
  return result.errors.filter(
    (e) =>
      !e.message.includes("(rule ") &&
      (e.parameter === parameter || e.parameter.startsWith(`${parameter}[`) || e.parameter.startsWith(`${parameter}.`)),
  );
}

function judge(variant: Variant, result: ValidationResult | ResponseValidation, parameter: string): string | undefined {
  const errors = schemaErrorsAt(result, parameter);
  counts.bounds++;
  if (variant.accept && errors.length > 0)
    return `${parameter} ${variant.bound} edge rejected: ${errors.map((e) => e.message).join("; ")}`;
  if (!variant.accept && errors.length === 0) return `${parameter} one past ${variant.bound} accepted`;
  return undefined;
}

for (const bundle of bundles) {
  const { document } = bundle;
  describe(`${bundle.name}: bounds`, () => {
    for (const entry of bundle.operations) {
      it(`${entry.operationId}: each bound's edge is accepted and one past is rejected`, () => {
        const operation = getOperation(entry.operationId);
        const problems: string[] = [];
        const baseline = baselineRequest(document, entry);
        for (const parameter of entry.parameters) {
          if (!["path", "query", "header"].includes(parameter.in)) continue;
          const example = examplesOf(document, parameter)[0];
          if (example === undefined || !parameter.schema) continue;
          const where = parameter.in === "header" ? "headers" : (parameter.in as "path" | "query");
          const name = parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name;
          for (const variant of boundVariants(document, parameter.schema, example)) {
            const request = { ...baseline, [where]: { ...baseline[where], [name]: variant.value } };
            if (variant.path.length === 0 && variant.bound === "required") continue;
            const problem = judge(variant, operation.validateRequest(request), name);
            if (problem) problems.push(problem);
          }
          if (parameter.required) {
            const rest = { ...baseline[where] };
            delete rest[name];
            const result = operation.validateRequest({ ...baseline, [where]: rest });
            counts.bounds++;
            if (result.valid || !result.errors.some((e) => e.code === "MISSING_PARAMETER" && e.parameter === name))
              problems.push(`${name} required: absent accepted`);
          }
        }
        const requestBody = resolve<Node>(document, entry.operation.requestBody);
        if (operation.body && baseline.body !== undefined && requestBody?.content?.[operation.body.mediaType]?.schema) {
          const form = !operation.body.mediaType.includes("json");
          for (const variant of boundVariants(
            document,
            requestBody.content[operation.body.mediaType].schema,
            baseline.body,
          )) {
            const parameter = form && variant.path.length > 0 ? pathName(variant.path) : pathName(variant.path, "body");
            const problem = judge(variant, operation.validateRequest({ ...baseline, body: variant.value }), parameter);
            if (problem) problems.push(problem);
          }
        }
        for (const [status, raw] of Object.entries<Node>(entry.operation.responses ?? {})) {
          const response = resolve<Node>(document, raw);
          const mediaType = operation.responses[status]?.mediaType;
          const media = mediaType ? response.content?.[mediaType] : undefined;
          const example = media ? examplesOf(document, media)[0] : undefined;
          if (!media?.schema || example === undefined) continue;
          for (const variant of boundVariants(document, media.schema, example)) {
            const problem = judge(
              variant,
              operation.validateResponse(status === "default" ? 599 : status.replace("XX", "00"), variant.value, {
                strict: true,
              }),
              pathName(variant.path) || "body",
            );
            if (problem) problems.push(`response ${status}: ${problem}`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  });

  describe(`${bundle.name}: examples`, () => {
    for (const entry of bundle.operations) {
      it(`${entry.operationId}: every parameter, body and response example validates`, () => {
        const operation = getOperation(entry.operationId);
        const problems: string[] = [];
        const baseline = baselineRequest(document, entry);
        for (const parameter of entry.parameters) {
          if (!["path", "query", "header"].includes(parameter.in)) continue;
          const where = parameter.in === "header" ? "headers" : (parameter.in as "path" | "query");
          const name = parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name;
          for (const example of examplesOf(document, parameter)) {
            counts.examples++;
            const errors = schemaErrorsAt(
              operation.validateRequest({ ...baseline, [where]: { ...baseline[where], [name]: example } }),
              name,
            );
            if (errors.length > 0) problems.push(`parameter ${name}: ${errors.map((e) => e.message).join("; ")}`);
          }
        }
        const requestBody = resolve<Node>(document, entry.operation.requestBody);
        for (const [mediaType, media] of Object.entries<Node>(requestBody?.content ?? {})) {
          if (mediaType !== operation.body?.mediaType) continue;
          for (const example of examplesOf(document, media)) {
            counts.examples++;
            const result = operation.validateRequest({ ...baseline, body: example });
            if (!result.valid)
              problems.push(
                `body (${mediaType}): ${result.errors.map((e) => `${e.parameter}: ${e.message}`).join("; ")}`,
              );
          }
        }
        for (const [status, raw] of Object.entries<Node>(entry.operation.responses ?? {})) {
          const response = resolve<Node>(document, raw);
          for (const [mediaType, media] of Object.entries<Node>(response.content ?? {})) {
            if (mediaType !== operation.responses[status]?.mediaType) continue;
            for (const example of examplesOf(document, media)) {
              counts.examples++;
              const result = operation.validateResponse(
                status === "default" ? 599 : status.replace("XX", "00"),
                example,
                { strict: true },
              );
              if (!result.valid)
                problems.push(
                  `response ${status}: ${result.errors.map((e) => `${e.parameter}: ${e.message}`).join("; ")}`,
                );
            }
          }
        }
        expect(problems).toEqual([]);
      });
    }
  });
}

describe("coverage", () => {
  it("checked bounds and examples from the documents", () => {
    console.log(
      `spec-derived: ${counts.bounds} bound cases, ${counts.examples} examples over ${bundles.map((b) => `${b.name} ${b.operations.length}`).join(", ")} operations`,
    );
    expect(counts.bounds).toBeGreaterThan(0);
    expect(counts.examples).toBeGreaterThan(0);
  });
});
