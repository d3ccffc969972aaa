// The resources the explorer can walk, read from the operation catalogue's links alone: a create whose
// answer links to the record's read (and, where declared, its update and delete), and a list whose page
// links to the read of its first record. Nothing here names a resource: a link added to the spec is a
// resource explored.

/** @typedef {import("@xads/spec/lib/catalogue.mjs").Catalogue} Catalogue */
/** @typedef {import("@xads/spec/lib/catalogue.mjs").CatalogueOperation} CatalogueOperation */
/** @typedef {import("@xads/spec/lib/links.mjs").CatalogueLink} CatalogueLink */

/**
 * A link and the operation it leads to.
 * @typedef {object} Followed
 * @property {CatalogueLink} link
 * @property {CatalogueOperation} operation
 */

/**
 * @typedef {object} Resource
 * @property {string} key `<document>:<name>` (`ads:campaign`)
 * @property {string} name the `x-xads-resource` name (`campaign`)
 * @property {string} document
 * @property {string} idParameter the parameter naming one record (`campaign_id`)
 * @property {"soft" | "hard"} deletion a soft-deleted record stays readable with `with_deleted=true`
 * @property {CatalogueOperation | undefined} create
 * @property {{ get?: Followed, update?: Followed, delete?: Followed }} fromCreate the created record's links
 * @property {CatalogueOperation | undefined} list
 * @property {Followed | undefined} fromList the page's link to the read of its first record
 */

const RECORD_ACTIONS = /** @type {const} */ (["get", "update", "delete"]);

/**
 * The links of an operation's success answer that lead to another action on the same resource.
 * @param {Catalogue} catalogue
 * @param {CatalogueOperation} operation
 * @returns {Map<string, Followed>} by the target's action
 */
function followedByAction(catalogue, operation) {
  const success = operation.responses.find((r) => r.status === String(operation.success?.status));
  /** @type {Map<string, Followed>} */
  const byAction = new Map();
  for (const link of success?.links ?? []) {
    const target = catalogue.operation(link.operationId);
    if (target.resource?.name !== operation.resource?.name || !target.resource) continue;
    if (!byAction.has(target.resource.action)) byAction.set(target.resource.action, { link, operation: target });
  }
  return byAction;
}

/**
 * Every resource whose created or listed records a link leads to a read of, in catalogue order.
 * @param {Catalogue} catalogue
 * @returns {Resource[]}
 */
export function explorableResources(catalogue) {
  /** @type {Map<string, Resource>} */
  const resources = new Map();
  const resourceOf = (/** @type {CatalogueOperation} */ operation) => {
    const name = String(operation.resource?.name);
    const key = `${operation.document}:${name}`;
    let resource = resources.get(key);
    if (!resource) {
      const declared = catalogue.document(operation.document).resources[name];
      resource = {
        key,
        name,
        document: operation.document,
        idParameter: declared?.idParameter ?? "id",
        deletion: declared?.delete ?? "soft",
        create: undefined,
        fromCreate: {},
        list: undefined,
        fromList: undefined,
      };
      resources.set(key, resource);
    }
    return resource;
  };
  for (const operation of catalogue.operations) {
    const action = operation.resource?.action;
    if (action !== "create" && action !== "list") continue;
    const followed = followedByAction(catalogue, operation);
    const get = followed.get("get");
    if (!get) continue;
    const resource = resourceOf(operation);
    if (action === "create") {
      resource.create = operation;
      for (const name of RECORD_ACTIONS) {
        const found = followed.get(name);
        if (found) resource.fromCreate[name] = found;
      }
    } else {
      resource.list = operation;
      resource.fromList = get;
    }
  }
  return [...resources.values()];
}
