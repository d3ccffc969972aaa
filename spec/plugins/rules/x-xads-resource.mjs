// README "x-xads-resource": the emulator's resources. The root's `x-xads-resources` declares each
// resource (the path parameter naming one record, its parent, the shape of its ids); an operation's
// `x-xads-resource` names a declared resource and an action that fits its method, and carries the
// path parameters the action needs (the record's own for get, update, delete and members; the parent's).
import { operationsVisitor } from "../support.mjs";

/** action -> the method it is served on (`custom`: hand-written behaviour, any method) */
export const ACTIONS = {
  list: "get",
  get: "get",
  create: "post",
  update: "put",
  delete: "delete",
  batch: "post",
  members: "post",
  custom: "*",
};
/** The shared id schemas (shared/schemas/) a resource's ids may take. */
export const ID_SHAPES = ["EntityId", "NumericId", "MediaKey"];
/** The actions that address one record by its id in the path. */
const ONE_RECORD = new Set(["get", "update", "delete", "members"]);
/** How a DELETE ends a record: `soft` (`deleted: true`, the default) or `hard` (gone). */
export const DELETE_MODES = ["soft", "hard"];
/** A parent declared by another document: `<document>:<resource>`, checked when the emulator generates. */
const QUALIFIED = /^[a-z][a-z-]*:[a-z_]+$/;

/** @typedef {import("../support.mjs").RedoclyVisitors} RedoclyVisitors */
/** @typedef {import("../support.mjs").RedoclyContext} RedoclyContext */
/** @typedef {{ idParameter?: unknown, parent?: unknown, parentParameter?: unknown, id?: unknown, delete?: unknown }} ResourceDeclaration */

const isObject = (/** @type {unknown} */ value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The problems of the root's declarations, as [resource name, message].
 * @param {Record<string, unknown>} declared
 * @returns {Array<[string, string]>}
 */
function declarationProblems(declared) {
  /** @type {Array<[string, string]>} */
  const problems = [];
  for (const [name, raw] of Object.entries(declared)) {
    if (!isObject(raw)) {
      problems.push([name, `x-xads-resources.${name} must be an object {idParameter, id, parent?}`]);
      continue;
    }
    const declaration = /** @type {ResourceDeclaration} */ (raw);
    if (typeof declaration.idParameter !== "string" || declaration.idParameter === "")
      problems.push([name, `x-xads-resources.${name}.idParameter must name the path parameter of one record`]);
    if (typeof declaration.id !== "string" || !ID_SHAPES.includes(declaration.id))
      problems.push([name, `x-xads-resources.${name}.id must be one of ${ID_SHAPES.join(", ")}`]);
    const qualified = typeof declaration.parent === "string" && QUALIFIED.test(declaration.parent);
    if (
      declaration.parent !== undefined &&
      (typeof declaration.parent !== "string" || !(declaration.parent in declared || qualified))
    )
      problems.push([
        name,
        `x-xads-resources.${name}.parent must name a declared resource (or <document>:<resource> with parentParameter)`,
      ]);
    if (qualified && typeof declaration.parentParameter !== "string")
      problems.push([name, `x-xads-resources.${name}: a parent of another document needs parentParameter`]);
    if (declaration.parentParameter !== undefined && typeof declaration.parentParameter !== "string")
      problems.push([name, `x-xads-resources.${name}.parentParameter must name a path parameter`]);
    if (declaration.delete !== undefined && !DELETE_MODES.includes(/** @type {string} */ (declaration.delete)))
      problems.push([name, `x-xads-resources.${name}.delete must be one of ${DELETE_MODES.join(", ")}`]);
  }
  return problems;
}

/** @returns {RedoclyVisitors} */
export default function XXadsResource() {
  /** @type {Record<string, ResourceDeclaration>} */
  let declared = {};
  const operations = operationsVisitor((operation, ctx) => {
    const raw = operation.operation["x-xads-resource"];
    if (raw === undefined) return;
    const location = ctx.location.child(["x-xads-resource"]);
    const report = (/** @type {string} */ message) => ctx.report({ message, location });
    const id = operation.operationId;
    if (!isObject(raw) || typeof raw.resource !== "string" || typeof raw.action !== "string") {
      report(`x-xads-resource of ${id} must be an object {resource, action}`);
      return;
    }
    const extra = Object.keys(raw).filter((key) => key !== "resource" && key !== "action");
    if (extra.length > 0) report(`x-xads-resource of ${id} has unknown keys: ${extra.join(", ")}`);
    const declaration = Object.hasOwn(declared, raw.resource) ? declared[raw.resource] : undefined;
    if (!declaration) {
      report(`x-xads-resource of ${id} names ${raw.resource}, which the root's x-xads-resources does not declare`);
      return;
    }
    const action = /** @type {keyof typeof ACTIONS} */ (raw.action);
    if (!Object.hasOwn(ACTIONS, action)) {
      report(`x-xads-resource of ${id}: action ${raw.action} is not one of ${Object.keys(ACTIONS).join(", ")}`);
      return;
    }
    if (ACTIONS[action] !== "*" && ACTIONS[action] !== operation.method)
      report(
        `x-xads-resource of ${id}: action ${action} is served on ${ACTIONS[action].toUpperCase()}, not ${operation.method.toUpperCase()}`,
      );
    const pathParameters = new Set(
      operation.parameters.filter((p) => p.in === "path").map((p) => /** @type {string} */ (p.name)),
    );
    const needed = [];
    if (ONE_RECORD.has(action)) needed.push(declaration.idParameter);
    if (typeof declaration.parentParameter === "string") needed.push(declaration.parentParameter);
    else if (typeof declaration.parent === "string" && Object.hasOwn(declared, declaration.parent))
      needed.push(declared[declaration.parent]?.idParameter);
    for (const name of needed) {
      if (typeof name === "string" && !pathParameters.has(name))
        report(`x-xads-resource of ${id}: a ${raw.resource} ${action} needs the path parameter ${name}`);
    }
  });
  return {
    Root: {
      enter(root, ctx) {
        const raw = root["x-xads-resources"];
        declared = {};
        if (raw === undefined) return;
        if (!isObject(raw)) {
          ctx.report({
            message: "x-xads-resources must map resource names to declarations",
            location: ctx.location.child(["x-xads-resources"]),
          });
          return;
        }
        declared = raw;
        for (const [name, message] of declarationProblems(raw))
          ctx.report({ message, location: ctx.location.child(["x-xads-resources", name]) });
      },
    },
    ...operations,
  };
}
