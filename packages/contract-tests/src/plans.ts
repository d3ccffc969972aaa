import type { Operation } from "@xads/spec/lib/model.mjs";
import { parseReference } from "@xads/spec/lib/operations.mjs";
import { type RequestPlan, serialize } from "./requests.js";
import type { Site } from "./sites.js";

/** A copy of the plan with `value` at the site (a body value is created along the way when absent). */
export function withValue(plan: RequestPlan, site: Site, value: unknown): RequestPlan {
  const copy = structuredClone(plan);
  if (site.in === "query") copy.query[site.name] = value;
  else if (site.in === "path") copy.path[site.name] = value;
  else if (site.in === "header") copy.headers[site.name.toLowerCase()] = serialize(value);
  else if (copy.body) {
    if (site.steps.length === 0) copy.body.value = value;
    else {
      copy.body.value ??= "index" in (site.steps[0] ?? {}) ? [] : {};
      let parent = copy.body.value as Record<string | number, unknown>;
      site.steps.forEach((step, i) => {
        const key = "index" in step ? step.index : step.property;
        if (i === site.steps.length - 1) parent[key] = value;
        else {
          const next = site.steps[i + 1];
          parent[key] ??= next && "index" in next ? [] : {};
          parent = parent[key] as Record<string | number, unknown>;
        }
      });
    }
  }
  return copy;
}

/**
 * Adds, from their examples, the parameters that an x-rule of kind `requires` asks for when the site is
 * present, so that a case changes one input and stays valid for the real host.
 */
export function withCompanions(plan: RequestPlan, entry: Operation, site: Site): RequestPlan {
  const copy = structuredClone(plan);
  for (const rule of entry.rules) {
    if (rule.kind !== "requires" || rule.if !== site.ref) continue;
    for (const reference of rule.then as string[]) {
      const { in: where, name } = parseReference(reference);
      const parameter = entry.parameters.find((p) => p.in === where && p.name === name);
      const value = parameter?.example;
      if (value === undefined) continue;
      if (where === "query") copy.query[name] ??= value;
      if (where === "header") copy.headers[name.toLowerCase()] ??= serialize(value);
    }
  }
  return copy;
}
