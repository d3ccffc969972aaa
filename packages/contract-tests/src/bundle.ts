import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { listOperations, type Node, type OperationEntry, resolve } from "@xads/spec/lib/operations.mjs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const require = createRequire(import.meta.url);
const specDir = dirname(require.resolve("@xads/spec/documents.json"));

export interface LoadedBundle {
  name: string;
  document: Node;
  operations: OperationEntry[];
  /** Compiles (once) a validator for a schema node of this bundle; `$ref`s resolve inside the bundle. */
  validator(schema: Node): ValidateFunction;
}

const cache = new Map<string, LoadedBundle>();

/** Loads spec/dist/<name>.json with its operations and a schema validator over it. */
export function loadBundle(name: string): LoadedBundle {
  const cached = cache.get(name);
  if (cached) return cached;
  const loaded = bundleFromDocument(name, JSON.parse(readFileSync(join(specDir, "dist", `${name}.json`), "utf8")));
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
    operations: listOperations(document),
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

/** The media types and schemas of one response of an operation, resolved. */
export function responseOf(bundle: LoadedBundle, entry: OperationEntry, status: string) {
  const response = resolve<Node>(bundle.document, entry.operation.responses?.[status]);
  if (!response) return undefined;
  const content = Object.entries<Node>(response.content ?? {}).map(([mediaType, media]) => ({
    mediaType,
    schema: media.schema as Node | undefined,
    example: media.example as unknown,
    examples: Object.entries<Node>(media.examples ?? {}).map(([exampleName, example]) => ({
      name: exampleName,
      value: resolve<Node>(bundle.document, example).value as unknown,
    })),
  }));
  return { response, content };
}
