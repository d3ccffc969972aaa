// Convention 2: an operationId is a vocabulary verb, then a PascalCase noun, and the verb fits the
// HTTP method. The table is README.md's; a verb with two methods says why.
/** verb -> the methods it may name */
export const VERBS = {
  list: ["get"],
  // A read whose criteria travel as a JSON body (getAudienceEstimate) is a POST: with a request body only.
  get: ["get", "post"],
  search: ["get"],
  // The browser steps of OAuth 1.0a.
  authorize: ["get"],
  authenticate: ["get"],
  create: ["post"],
  add: ["post"],
  batch: ["post"],
  invalidate: ["post"],
  // Sends a preview of a draft to the user's devices.
  preview: ["post"],
  initialize: ["post"],
  append: ["post"],
  finalize: ["post"],
  upload: ["post"],
  update: ["put"],
  delete: ["delete"],
  remove: ["delete"],
};

const SHAPE = /^([a-z]+)([A-Z][A-Za-z0-9]*)$/;

/** @typedef {import("../support.mjs").RedoclyVisitors} RedoclyVisitors */

/** @returns {RedoclyVisitors} */
export default function OperationIdVerb() {
  return {
    Operation: {
      enter(operation, ctx) {
        const id = operation.operationId;
        if (typeof id !== "string") return;
        const location = ctx.location.child(["operationId"]);
        const verb = SHAPE.exec(id)?.[1];
        const methods = verb && Object.hasOwn(VERBS, verb) ? VERBS[/** @type {keyof VERBS} */ (verb)] : undefined;
        if (!methods) {
          ctx.report({
            message: `operationId ${id} must be a vocabulary verb (${Object.keys(VERBS).join(", ")}) followed by a PascalCase noun`,
            location,
          });
          return;
        }
        const method = String(ctx.key).toLowerCase();
        const fits = methods.includes(method) && !(verb === "get" && method === "post" && !operation.requestBody);
        if (fits) return;
        const allowed = methods.map((m) => m.toUpperCase()).join(" or ");
        const body = verb === "get" ? " (POST only with a request body)" : "";
        ctx.report({
          message: `operationId ${id} starts with "${verb}", which names ${allowed}${body}; this operation is ${method.toUpperCase()}`,
          location,
        });
      },
    },
  };
}
