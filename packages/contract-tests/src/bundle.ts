import { loadSpec, type Operation, operationsOf } from "@xads/spec/lib/model.mjs";
import type { Node } from "@xads/spec/lib/operations.mjs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export interface LoadedBundle {
  name: string;
  document: Node;
  operations: Operation[];
  /** Compiles (once) a validator for a schema node of this bundle; `$ref`s resolve inside the bundle. */
  validator(schema: Node): ValidateFunction;
}

const cache = new Map<string, LoadedBundle>();

/** A registered document's bundle, through the spec model, with its operations and a schema validator over it. */
export function loadBundle(name: string): LoadedBundle {
  const cached = cache.get(name);
  if (cached) return cached;
  const loaded = bundleFromDocument(name, loadSpec().document(name).bundle());
  cache.set(name, loaded);
  return loaded;
}

/** Wraps a bundled document (already parsed) with its operations and a schema validator over it. */
export function bundleFromDocument(name: string, document: Node): LoadedBundle {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const format of ["int32", "int64", "float", "double", "binary", "byte", "password"]) ajv.addFormat(format, true);
  ajv.addSchema({ $id: "bundle", components: document.components ?? {} });
  const compiled = new WeakMap<Node, ValidateFunction>();
  const byText = new Map<string, ValidateFunction>();
  const loaded: LoadedBundle = {
    name,
    document,
    operations: operationsOf(name, document),
    validator(schema) {
      let validate = compiled.get(schema);
      if (!validate) {
        // Equal schemas built apart (a bound removed from a shared parameter) share one compiled validator.
        const text = JSON.stringify(schema);
        validate = byText.get(text) ?? ajv.compile(rebase(schema) as Node);
        byText.set(text, validate);
        compiled.set(schema, validate);
      }
      return validate;
    },
  };
  return loaded;
}

/** Points the bundle's local `#/components/...` refs at the schema registered as `bundle`. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `bundle${value}` : rebase(value);
  }
  return out;
}

/** One documented response of an operation (by status), its media types with schema and examples. */
export function responseOf(entry: Operation, status: string) {
  const response = entry.responses.find((r) => r.status === status);
  if (!response) return undefined;
  const content = Object.entries(response.media).map(([mediaType, media]) => ({
    mediaType,
    schema: media.schema,
    example: media.example,
    examples: Object.entries(media.examples).map(([name, value]) => ({ name, value })),
  }));
  return { response, content };
}
