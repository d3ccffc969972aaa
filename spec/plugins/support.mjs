// What the xads rules share: the registry's view of a linted root and a dereferencer that keeps each
// node's file and pointer. The x-rules rules read the kinds registry (rules/index.mjs).
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadSpec } from "../lib/model.mjs";
import { listOperations, requestBodySchema } from "../lib/operations.mjs";

export const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** @typedef {import("../lib/operations.mjs").Node} Node */
/** @typedef {import("../lib/operations.mjs").OperationEntry} OperationEntry */

// What the rules use of Redocly's plugin API (@redocly/cli ships one untyped bundle): its Source,
// Location and rule context, reduced to the members read here.

/**
 * A file Redocly read.
 * @typedef {object} RedoclySource
 * @property {string} absoluteRef its absolute path
 * @property {new (absoluteRef: string, body: string) => RedoclySource} constructor Redocly's Source
 *   class: a problem in a file Redocly did not read gets a source of its own
 */

/**
 * Where a node is: its file and its JSON pointer there (`#/paths/~1things/get`).
 * @typedef {object} RedoclyLocation
 * @property {RedoclySource} source
 * @property {string} pointer
 * @property {(components: Array<string | number>) => RedoclyLocation} child the location below
 * @property {() => RedoclyLocation} key the same place, reported on its key rather than its value
 */

/**
 * What `ctx.resolve(node, from)` gives: the node itself without a `$ref`, else its target with the
 * target's location. `node` is undefined when the `$ref` does not resolve, else any JSON value
 * (`{} | null`), and then `location` is the target's.
 * @typedef {{ node: undefined, location: RedoclyLocation | undefined }
 *   | { node: {} | null, location: RedoclyLocation }} RedoclyResolved
 */

/**
 * The context Redocly passes a visitor with the node.
 * @typedef {object} RedoclyContext
 * @property {RedoclyLocation} location the node's
 * @property {string | number} key the node's key in its parent (`get` for an operation)
 * @property {(problem: { message: string, location: { source: RedoclySource, pointer: string } }) => void} report
 * @property {(node: unknown, from?: string) => RedoclyResolved} resolve follows a `$ref` from the file
 *   `from` (the node's own by default)
 */

/**
 * A visitor of one node type (`Operation`, `PathItem`...): `enter` gets the node as written, its
 * `$ref`s unresolved, and the context.
 * @typedef {{ enter: (node: Node, ctx: RedoclyContext) => void }} RedoclyVisitor
 */

/**
 * What a rule gives Redocly: its visitors, by node type.
 * @typedef {Record<string, RedoclyVisitor>} RedoclyVisitors
 */

/**
 * An operation as operationsVisitor gives it: lib/operations.mjs's entry, its request body schema
 * (`body`), the `document` to walk them in, and `where(node)`, the location of any of those nodes.
 * @typedef {OperationEntry & { body: Node | undefined, document: Node, where: (node: object) => RedoclyLocation }} VisitedOperation
 */

/**
 * The documents of the registry (documents.json) in `dir`, by the absolute path of their source root
 * and of their bundle: `of(path)` gives `{ name, bundle }` (bundle: the path is the document's
 * bundle), or undefined for a root the registry does not list (a test fixture).
 * @param {string} dir the folder of redocly.yaml
 */
export function registryAt(dir) {
  /** @type {Map<string, { name: string, bundle: boolean }>} */
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

/**
 * Every .yaml file under a folder, recursively; none when it does not exist.
 * @param {string} directory
 * @returns {string[]}
 */
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
  /** @type {WeakMap<object, RedoclyLocation>} */
  const locations = new WeakMap();
  /**
   * @param {unknown} node
   * @param {RedoclyLocation} location
   * @param {RedoclyContext} ctx
   * @param {boolean} [names] `node` maps names to schemas (NAME_MAPS): its keys are not data keys
   * @returns {unknown}
   */
  function deref(node, location, ctx, names = false) {
    if (Array.isArray(node)) return node.map((item, index) => deref(item, location.child([index]), ctx));
    if (!node || typeof node !== "object") return node;
    if ("$ref" in node && typeof node.$ref === "string") {
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
  /** @param {object} node */
  function where(node) {
    const location = locations.get(node);
    if (!location) throw new Error("where: not a node deref gave");
    return location;
  }
  return { deref, where };
}

/**
 * A visitor that calls `check(operation, ctx)` on every operation with what lib/operations.mjs gives
 * for it in a bundle (`parameters` resolved and merged with its path's, `rules` its x-rules then its
 * parameters'), its request body schema (`body`, followed on first use), the `document` to walk them
 * in, and `where(node)`, the file and pointer of any of those nodes. Works on sources ($refs across
 * files) and bundles alike.
 * @param {(operation: VisitedOperation, ctx: RedoclyContext) => void} check
 * @returns {{ PathItem: RedoclyVisitor, Operation: RedoclyVisitor }}
 */
export function operationsVisitor(check) {
  const { deref, where } = dereferencer();
  /** @type {{ node: Node, location: RedoclyLocation } | undefined} */
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
        // listOperations lists every method of METHODS, which are the keys Redocly visits as Operation.
        if (!entry) throw new Error(`operationsVisitor: ${method} is not a method`);
        /** @type {{ schema: Node | undefined } | undefined} */
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
