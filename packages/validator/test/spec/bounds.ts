// Derives edge cases from a schema and an example value: for every bound on the way (minimum,
// maximum, lengths, item counts, enums, required), the edge value and the value one past it.
import { type Node, resolve } from "@xads/spec/lib/operations.mjs";

export interface Variant {
  /** Segments from the root of the value to the place changed. */
  path: string[];
  /** The whole value with the change applied, or `remove` to delete the place. */
  value: unknown;
  accept: boolean;
  bound: string;
}

/** allOf branches and $refs followed (oneOf/anyOf branches are alternatives, not bounds). */
function constraintsOf(document: Node, schema: unknown, depth = 0): Node[] {
  const node = resolve<Node>(document, schema);
  if (!node || typeof node !== "object" || depth > 10) return [];
  return [node, ...(node.allOf ?? []).flatMap((b: unknown) => constraintsOf(document, b, depth + 1))];
}

function replaceAt(root: unknown, path: string[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length === 0 && remove) copy.splice(Number(head), 1);
    else copy[Number(head)] = replaceAt(copy[Number(head)], rest, value, remove);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && remove) delete copy[head];
  else copy[head] = replaceAt(copy[head], rest, value, remove);
  return copy;
}

export const REMOVE = Symbol("remove");

export function boundVariants(document: Node, schema: unknown, root: unknown): Variant[] {
  const variants: Variant[] = [];
  const add = (path: string[], value: unknown, accept: boolean, bound: string) =>
    variants.push({
      path,
      value: value === REMOVE ? replaceAt(root, path, undefined, true) : replaceAt(root, path, value),
      accept,
      bound,
    });

  function visit(sub: unknown, value: unknown, path: string[]) {
    const nodes = constraintsOf(document, sub);
    if (nodes.length === 0) return;
    const integer = nodes.some((n) => n.type === "integer" || (Array.isArray(n.type) && n.type.includes("integer")));
    const step = integer ? 1 : 0.5;
    const textRules = nodes.some(
      (n) => n.pattern !== undefined || n.format !== undefined || n.enum !== undefined || n.const !== undefined,
    );
    for (const n of nodes) {
      if (typeof value === "number") {
        if (typeof n.minimum === "number")
          add(path, n.minimum, true, "minimum") && add(path, n.minimum - step, false, "minimum");
        if (typeof n.maximum === "number")
          add(path, n.maximum, true, "maximum") && add(path, n.maximum + step, false, "maximum");
        if (typeof n.exclusiveMinimum === "number")
          add(path, n.exclusiveMinimum + step, true, "exclusiveMinimum") &&
            add(path, n.exclusiveMinimum, false, "exclusiveMinimum");
        if (typeof n.exclusiveMaximum === "number")
          add(path, n.exclusiveMaximum - step, true, "exclusiveMaximum") &&
            add(path, n.exclusiveMaximum, false, "exclusiveMaximum");
      }
      if (typeof value === "string" && !textRules) {
        if (typeof n.minLength === "number") {
          add(path, "a".repeat(n.minLength), true, "minLength");
          if (n.minLength > 0) add(path, "a".repeat(n.minLength - 1), false, "minLength");
        }
        if (typeof n.maxLength === "number")
          add(path, "a".repeat(n.maxLength), true, "maxLength") &&
            add(path, "a".repeat(n.maxLength + 1), false, "maxLength");
      }
      if (Array.isArray(value) && value.length > 0 && !n.uniqueItems) {
        const fill = (count: number) => Array.from({ length: count }, () => value[0]);
        if (typeof n.minItems === "number") {
          add(path, fill(n.minItems), true, "minItems");
          if (n.minItems > 0) add(path, fill(n.minItems - 1), false, "minItems");
        }
        if (typeof n.maxItems === "number")
          add(path, fill(n.maxItems), true, "maxItems") && add(path, fill(n.maxItems + 1), false, "maxItems");
      }
      if (Array.isArray(n.enum) && n.enum.length <= 40 && n.enum.every((e: unknown) => typeof e === "string")) {
        for (const allowed of n.enum) add(path, allowed, true, "enum");
        add(path, "NOT_ONE_OF_THE_VALUES", false, "enum");
      }
      if (value && typeof value === "object" && !Array.isArray(value)) {
        for (const name of n.required ?? []) {
          if ((value as Node)[name] !== undefined) add([...path, name], REMOVE, false, "required");
        }
        for (const [name, propertySchema] of Object.entries<unknown>(n.properties ?? {})) {
          if ((value as Node)[name] !== undefined) visit(propertySchema, (value as Node)[name], [...path, name]);
        }
      }
      if (Array.isArray(value) && value.length > 0 && n.items && typeof n.items === "object")
        visit(n.items, value[0], [...path, "0"]);
    }
  }
  visit(schema, root, []);
  return variants;
}
