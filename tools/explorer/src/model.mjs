// The reference model: the records a run created, what was last sent for each, and whether it was
// deleted. It knows nothing of the API beyond that: the oracles compare the answers with it.

/** @typedef {import("./requests.mjs").Exchange} Exchange */

/**
 * @typedef {object} ModelRecord
 * @property {string} resource the resource's key (`ads:campaign`)
 * @property {string} id
 * @property {Exchange} created the create exchange its links start at
 * @property {Record<string, unknown>} fields the values sent by its create and its updates, the latest kept
 * @property {boolean} deleted
 */

/**
 * @typedef {object} Model
 * @property {ModelRecord[]} records in creation order
 * @property {number} sequence the creates and updates so far: it makes each name sent unique
 * @property {string[]} trail what each command did, for the report of a failing run
 */

/** @returns {Model} */
export const newModel = () => ({ records: [], sequence: 0, trail: [] });

/**
 * @param {Model} model
 * @param {string} resource
 */
export const recordsOf = (model, resource) => model.records.filter((r) => r.resource === resource);

/**
 * The record a command's index picks among the resource's records, deleted ones included.
 * @param {Model} model
 * @param {string} resource
 * @param {number} index
 * @returns {ModelRecord | undefined}
 */
export function pick(model, resource, index) {
  const records = recordsOf(model, resource);
  return records[index % Math.max(records.length, 1)];
}
