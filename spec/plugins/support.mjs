// What the xads rules share: the registry's view of a linted root and a dereferencer that keeps each
// node's file and pointer. The x-rules rules read the kinds registry (rules/index.mjs).
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadSpec } from "../lib/model.mjs";
import { listOperations, requestBodySchema } from "../lib/operations.mjs";

export const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/**
 * The documents of the registry (documents.json) in `dir`, by the absolute path of their source root
 * and of their bundle: `of(path)` gives `{ name, bundle }` (bundle: the path is the document's
 * bundle), or undefined for a root the registry does not list (a test fixture).
 * @param {string} dir the folder of redocly.yaml
 */
export function registryAt(dir) {
  const roots = new Map();
  const absolute = resolve(dir);
  if (existsSync(join(absolute, "documents.json"))) {
    for (const document of loadSpec(absolute).documents) {
      roots.set(document.root, { name: document.name, bundle: false });
      roots.set(document.bundlePath, { name: document.name, bundle: true });
    }
  }
  return { of: (/** @type {string} */ path) => roots.get(path) };
}

/** Every .yaml file under a folder, recursively; none when it does not exist. */
export function yamlFilesUnder(directory) {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = join(directory, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(full);
    return entry.name.endsWith(".yaml") ? [full] : [];
  });
}

/** Values that are data, not OpenAPI: never followed (a `$ref` inside an example is not resolved). */
const DATA_KEYS = new Set(["example", "examples", "default", "enum", "const"]);
/** Keys whose value maps names to schemas: a property called `default` is a schema, not data. */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

/**
 * A dereferencer for one linted document: `deref(node, location, ctx)` gives the node with every
 * `$ref` replaced by its target (shared targets shared, cycles kept as cycles), and `where(node)` the
 * location (file and pointer) of a node it gave. So lib/operations.mjs, which walks bundles, walks a
 * source as well.
 */
export function dereferencer() {
  /** @type {Map<string, object>} */
  const memo = new Map();
  const locations = new WeakMap();
  function deref(node, location, ctx, names = false) {
    if (Array.isArray(node)) return node.map((item, index) => deref(item, location.child([index]), ctx));
    if (!node || typeof node !== "object") return node;
    if (typeof node.$ref === "string") {
      const target = ctx.resolve(node, location.source.absoluteRef);
      // An unresolved $ref is no-unresolved-refs' problem: an empty node here.
      return target.node === undefined ? {} : deref(target.node, target.location, ctx);
    }
    const key = `${location.source.absoluteRef}${location.pointer}`;
    const seen = memo.get(key);
    if (seen) return seen;
    /** @type {Record<string, unknown>} */
    const copy = {};
    memo.set(key, copy);
    locations.set(copy, location);
    for (const [name, value] of Object.entries(node)) {
      copy[name] =
        !names && DATA_KEYS.has(name)
          ? value
          : deref(value, location.child([name]), ctx, !names && NAME_MAPS.has(name));
    }
    return copy;
  }
  return { deref, where: (node) => locations.get(node) };
}

/**
 * A visitor that calls `check(operation, ctx)` on every operation with what lib/operations.mjs gives
 * for it in a bundle (`parameters` resolved and merged with its path's, `rules` its x-rules then its
 * parameters'), its request body schema (`body`, followed on first use), the `document` to walk them
 * in, and `where(node)`, the file and pointer of any of those nodes. Works on sources ($refs across
 * files) and bundles alike.
 * @param {(operation: object, ctx: any) => void} check
 */
export function operationsVisitor(check) {
  const { deref, where } = dereferencer();
  /** @type {{ node: any, location: any } | undefined} */
  let pathItem;
  return {
    PathItem: {
      enter(node, ctx) {
        pathItem = { node, location: ctx.location };
      },
    },
    Operation: {
      enter(node, ctx) {
        const method = String(ctx.key);
        // A list that is not an array is struct's or x-rules-shape's problem: none here.
        const shared = Array.isArray(pathItem?.node.parameters)
          ? deref(pathItem.node.parameters, pathItem.location.child(["parameters"]), ctx)
          : [];
        const operation = { ...node };
        for (const name of ["parameters", "x-rules"]) {
          operation[name] = Array.isArray(node[name]) ? deref(node[name], ctx.location.child([name]), ctx) : [];
        }
        const document = { paths: { "/": { parameters: shared, [method]: operation } } };
        const [entry] = listOperations(document);
        /** @type {{ schema: any } | undefined} */
        let body;
        check(
          {
            ...entry,
            // Followed on first use only: a body schema can be large.
            get body() {
              if (!body) {
                if (node.requestBody !== undefined) {
                  operation.requestBody = deref(node.requestBody, ctx.location.child(["requestBody"]), ctx);
                }
                body = { schema: requestBodySchema(document, operation) };
              }
              return body.schema;
            },
            document,
            where,
          },
          ctx,
        );
      },
    },
  };
}
