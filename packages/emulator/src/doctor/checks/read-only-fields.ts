import { operations, resources } from "../../generated/index.js";
import type { DoctorCheck } from "../finding.js";

/**
 * The read-only fields of each resource, derived from the spec: the fields of its record that its update
 * operation does not take as a parameter (`id`, `created_at`, `updated_at`, `deleted`, a campaign's
 * `funding_instrument_id`, `currency`...). Updates whose parameters travel in a JSON body (cards) are
 * left out: their parameters are not in the generated tables.
 */
const readOnlyFields: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  operations.flatMap((operation) => {
    const resource = resources.find((r) => r.name === operation.resource?.name);
    if (operation.resource?.action !== "update" || operation.bodyMediaType || !resource) return [];
    const parameters = new Set(operation.parameters.map((parameter) => parameter.name));
    const readOnly = Object.keys(resource.fields).filter((field) => !parameters.has(field));
    return [[resource.name, new Set(readOnly)] as const];
  }),
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The parameter names of a batch's Update items. */
function updateItemParams(body: string | undefined): string[] {
  let items: unknown;
  try {
    items = JSON.parse(body ?? "");
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) =>
    isObject(item) && item.operation_type === "Update" && isObject(item.params) ? Object.keys(item.params) : [],
  );
}

export const readOnlyFieldsInUpdate: DoctorCheck = {
  id: "read-only-fields-in-update",
  title: "an update that sends back fields of the record its endpoint does not take (a read-modify-write)",
  rule: {
    source: "seed 000 section 2.2 (Conventions of the advertising interface); section 4 (the PUT parameters)",
    text: "Every record carries `id`, `created_at` and `updated_at`, and `deleted`; a PUT takes the parameters its endpoint lists",
  },
  detect({ exchange, operation, params }) {
    const action = operation?.resource?.action;
    const fields = operation?.resource ? readOnlyFields.get(operation.resource.name) : undefined;
    if (!fields || (action !== "update" && action !== "batch")) return undefined;
    const sent = action === "update" ? [...params.keys()] : updateItemParams(exchange.requestBody);
    const readOnly = [...new Set(sent.filter((name) => fields.has(name)))];
    if (readOnly.length === 0) return undefined;
    const named = readOnly.slice(0, 8).join(", ") + (readOnly.length > 8 ? ", ..." : "");
    return {
      severity: "warning",
      fix: `Send only the fields to change, among the update's own parameters; ${named} ${readOnly.length === 1 ? "is" : "are"} the record's own (read-only) and not a parameter of ${operation?.id}${action === "batch" ? "'s Update items" : ""}.`,
    };
  },
};
