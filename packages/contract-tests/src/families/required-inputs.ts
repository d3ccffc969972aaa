import type { Operation } from "@xads/spec/lib/model.mjs";
import { expectDocumented } from "../expectations.js";
import { type RequestPlan, validRequest } from "../requests.js";
import type { CaseFamily, ContractCase } from "./family.js";

type Parameter = Operation["parameters"][number];

/** A required query or header parameter, or a required property of an object body. */
type RequiredInputCase = ContractCase & ({ parameter: Parameter } | { property: string });

function withoutParameter(plan: RequestPlan, parameter: Parameter): RequestPlan {
  const copy = structuredClone(plan);
  if (parameter.in === "query") delete copy.query[parameter.name];
  if (parameter.in === "header") delete copy.headers[parameter.name.toLowerCase()];
  return copy;
}

function withoutProperty(plan: RequestPlan, property: string): RequestPlan {
  const value = { ...(plan.body?.value as Record<string, unknown>) };
  delete value[property];
  return { ...plan, body: { mediaType: plan.body?.mediaType as string, value } };
}

export const requiredInputsFamily: CaseFamily<RequiredInputCase> = {
  id: "required-inputs",
  describe:
    "the minimal request without one required query or header parameter, or body property: a 4xx in the error body",
  casesOf(entry) {
    const parameters = entry.parameters
      .filter((p) => p.required && p.in !== "path")
      .map((parameter) => ({
        name: `rejects a request without ${parameter.in} ${parameter.name} in the error body`,
        parameter,
      }));
    const body = validRequest(entry).body;
    const objectBody = body?.value && typeof body.value === "object" && !Array.isArray(body.value);
    const required: string[] = objectBody ? (entry.requestBody?.schema?.required ?? []) : [];
    const properties = required.map((property) => ({
      name: `rejects a body without ${property} in the error body`,
      property,
    }));
    return [...parameters, ...properties];
  },
  async check(contractCase, { expect, bundle, entry, request, sendRejected, covered }) {
    const byParameter = "parameter" in contractCase;
    const plan = byParameter
      ? withoutParameter(request(), contractCase.parameter)
      : withoutProperty(request(), contractCase.property);
    const answer = await sendRejected(plan);
    expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectDocumented(expect, bundle, entry, String(answer.status), answer);
    covered(
      "required inputs",
      byParameter ? `${entry.id}.${contractCase.parameter.name}` : `${entry.id}.body.${contractCase.property}`,
    );
  },
};
