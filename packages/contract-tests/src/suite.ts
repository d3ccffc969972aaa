import type { Node, OperationEntry } from "@xads/spec/lib/operations.mjs";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type LoadedBundle, loadBundle, responseOf } from "./bundle.js";
import { type RequestPlan, send, validRequest } from "./requests.js";
import type { Target } from "./targets.js";

/** Counts what a document's suite covered, printed as one line a reader can check against the seeds. */
class Coverage {
  readonly seen = new Map<string, Set<string>>();
  add(kind: string, key: string) {
    const set = this.seen.get(kind) ?? new Set();
    set.add(key);
    this.seen.set(kind, set);
  }
  line(name: string, operations: number) {
    const parts = [...this.seen].map(([kind, set]) => `${kind} ${set.size}`);
    return `coverage ${name}: operations ${this.seen.get("operations")?.size ?? 0}/${operations}; ${parts.filter((p) => !p.startsWith("operations")).join("; ")}`;
  }
}

function successStatus(entry: OperationEntry): string {
  const codes = Object.keys(entry.operation.responses ?? {}).filter((c) => /^2\d\d$/.test(c));
  const first = codes.sort()[0];
  if (!first) throw new Error(`${entry.operationId} documents no 2xx response`);
  return first;
}

function describeErrors(validate: { errors?: unknown }) {
  return JSON.stringify(validate.errors, null, 1);
}

/** Asserts that an answer has the status, media type and schema that the operation documents for it. */
function expectDocumented(
  bundle: LoadedBundle,
  entry: OperationEntry,
  status: string,
  answer: Awaited<ReturnType<typeof send>>,
) {
  const documented = responseOf(bundle, entry, status) ?? responseOf(bundle, entry, "default");
  expect(documented, `${entry.operationId} documents ${status} or default`).toBeDefined();
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

function withoutRequired(plan: RequestPlan, parameter: Node): RequestPlan {
  const copy = structuredClone(plan);
  if (parameter.in === "query") delete copy.query[parameter.name];
  if (parameter.in === "header") delete copy.headers[String(parameter.name).toLowerCase()];
  return copy;
}

/** Registers the spec-driven contract cases of one document. */
export function contractSuite(name: string) {
  const bundle = loadBundle(name);
  const target = inject("targets").find((t: Target) => t.name === name);
  const coverage = new Coverage();

  describe(`${name} contract`, () => {
    if (!target) throw new Error(`no target for ${name}: is its bundle empty?`);
    afterAll(() => console.log(coverage.line(name, bundle.operations.length)));

    for (const entry of bundle.operations) {
      describe(`${entry.method.toUpperCase()} ${entry.path} (${entry.operationId})`, () => {
        it("answers the documented success body", async () => {
          const status = successStatus(entry);
          const answer = await send(target.url, entry, validRequest(bundle, entry));
          expect(answer.status, answer.text).toBe(Number(status));
          expectDocumented(bundle, entry, status, answer);
          coverage.add("operations", entry.operationId);
        });

        for (const parameter of entry.parameters.filter((p) => p.required && p.in !== "path")) {
          it(`rejects a request without ${parameter.in} ${parameter.name} in the error body`, async () => {
            const answer = await send(target.url, entry, withoutRequired(validRequest(bundle, entry), parameter));
            expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
            expect(answer.status).toBeLessThan(500);
            expectDocumented(bundle, entry, String(answer.status), answer);
            coverage.add("required inputs", `${entry.operationId}.${parameter.name}`);
          });
        }

        const body = validRequest(bundle, entry).body;
        const bodySchema = bundle.document && body ? entry.operation.requestBody : undefined;
        if (body && bodySchema && body.value && typeof body.value === "object" && !Array.isArray(body.value)) {
          const required: string[] =
            Object.values<Node>(entry.operation.requestBody.content ?? {})[0]?.schema?.required ?? [];
          for (const property of required) {
            it(`rejects a body without ${property} in the error body`, async () => {
              const plan = validRequest(bundle, entry);
              const value = { ...(plan.body?.value as Record<string, unknown>) };
              delete value[property];
              const answer = await send(target.url, entry, { ...plan, body: { mediaType: body.mediaType, value } });
              expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
              expect(answer.status).toBeLessThan(500);
              expectDocumented(bundle, entry, String(answer.status), answer);
              coverage.add("required inputs", `${entry.operationId}.body.${property}`);
            });
          }
        }

        const secured = (entry.operation.security ?? bundle.document.security ?? []).length > 0;
        if (secured && target.mock) {
          it("answers 401 in the error body without credentials", async () => {
            const plan = validRequest(bundle, entry);
            plan.headers = {};
            const answer = await send(target.url, entry, plan);
            expect(answer.status, answer.text).toBe(401);
            expectDocumented(bundle, entry, "401", answer);
            coverage.add("unauthenticated", entry.operationId);
          });
        }

        if (!target.mock) return;
        for (const status of Object.keys(entry.operation.responses ?? {}).filter((c) => /^[45]\d\d$/.test(c))) {
          const documented = responseOf(bundle, entry, status);
          const media = documented?.content[0];
          const examples = media?.examples.length ? media.examples : [{ name: "", value: media?.example }];
          for (const example of examples) {
            it(`answers the documented ${status}${example.name ? ` (${example.name})` : ""}`, async () => {
              const plan = validRequest(bundle, entry);
              plan.headers.prefer = example.name ? `code=${status}, example=${example.name}` : `code=${status}`;
              const answer = await send(target.url, entry, plan);
              expect(answer.status).toBe(Number(status));
              expectDocumented(bundle, entry, status, answer);
              if (example.value !== undefined) expect(answer.json ?? answer.text).toEqual(example.value);
              coverage.add("documented errors", `${entry.operationId} ${status} ${example.name}`);
            });
          }
        }
      });
    }
  });
}
