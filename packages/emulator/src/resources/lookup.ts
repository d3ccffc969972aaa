// The generated resources and operations, indexed.
import { operations, resources } from "../generated/index.js";
import type { OperationSpec, ResourceSpec } from "../spec-types.js";

const byName = new Map(resources.map((r) => [r.name, r]));

export function resourceNamed(name: string): ResourceSpec {
  const resource = byName.get(name);
  if (!resource) throw new Error(`no resource ${name} in the spec`);
  return resource;
}

/** The resource whose records a `<name>_id` parameter names, if any. */
export function resourceByIdParameter(parameter: string): ResourceSpec | undefined {
  return resources.find((r) => r.idParameter === parameter);
}

export function operationOf(resource: string, action: string): OperationSpec | undefined {
  return operations.find((o) => o.resource?.name === resource && o.resource.action === action);
}
