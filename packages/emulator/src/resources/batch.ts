// Batches (facts file, "Batch endpoints"): the items run in order, in one transaction; any item's
// problem undoes them all and answers 400 with `operation_errors` at the items' indexes.
import { type Answer, ApiFailure, type Call } from "../call.js";
import type { ApiError } from "../http/errors.js";
import type { Data } from "../store/store.js";
import { createRecord, deleteRecord, parentOf, updateRecord } from "./handlers.js";
import { operationOf, resourceNamed } from "./lookup.js";
import { typeValue } from "./params.js";

interface Item {
  operation_type: "Create" | "Update" | "Delete";
  params: Data;
}

/** Item params typed as the single create or update call types them (a JSON "5" for an integer is 5). */
function typedItemParams(resource: string, item: Item): Data {
  const single = operationOf(resource, item.operation_type === "Create" ? "create" : "update");
  // No prototype: an item's `__proto__` key is a parameter like any other, never the object's prototype.
  const out: Data = Object.create(null);
  for (const [name, value] of Object.entries(item.params ?? {})) {
    const spec = single?.parameters.find((p) => p.name === name);
    out[name] = typeof value === "string" ? typeValue(value, spec) : value;
  }
  return out;
}

export function handleBatch(call: Call): Answer {
  const { operation } = call;
  if (!operation.resource) throw new Error(`${operation.id} has no x-xads-resource`);
  const resource = resourceNamed(operation.resource.name);
  const parentId = parentOf(call, resource);
  const items = call.body as Item[];
  const parentParams: Data = { ...call.path };
  const problems: ApiError[][] = items.map(() => []);
  let failed = false;
  const data: Data[] = [];
  try {
    call.store.transaction(() => {
      items.forEach((item, index) => {
        const params = { ...typedItemParams(resource.name, item), ...parentParams };
        const id = String(params[resource.idParameter] ?? "");
        try {
          if (item.operation_type === "Create") data.push(createRecord(call, resource, params, parentId, true));
          else if (item.operation_type === "Update")
            data.push(updateRecord(call, resource, id, params, parentId, true));
          else data.push(deleteRecord(call, resource, id, parentId, true));
        } catch (error) {
          if (!(error instanceof ApiFailure)) throw error;
          failed = true;
          problems[index] = error.errors;
        }
      });
      if (failed) throw new ApiFailure([], problems);
    });
  } catch (error) {
    if (error instanceof ApiFailure && failed) throw new ApiFailure([], problems);
    throw error;
  }
  return {
    status: operation.successStatus,
    body: {
      data,
      request: items.map((item) => ({
        params: { ...item.params, ...parentParams },
        operation_type: item.operation_type,
      })),
    },
  };
}
