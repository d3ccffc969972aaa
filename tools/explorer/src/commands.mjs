// The fast-check commands of one resource: create a record from the examples, then follow the links
// of its create answer to read, update and delete it, and list the resource, following the page's link
// to its first record. Each command asks the model what the answer must be and fails otherwise.
import fc from "fast-check";
import { pick, recordsOf } from "./model.mjs";
import { checkAnswer, dataOf, ExplorationFailure, expectFields, expectStatus } from "./oracles.mjs";
import { exampleRequest, followLink, sentFields, setField } from "./requests.mjs";

/** @typedef {import("./model.mjs").Model} Model */
/** @typedef {import("./model.mjs").ModelRecord} ModelRecord */
/** @typedef {import("./resources.mjs").Resource} Resource */
/** @typedef {import("./resources.mjs").Followed} Followed */
/** @typedef {import("./requests.mjs").ExploreRequest} ExploreRequest */
/** @typedef {import("./requests.mjs").Exchange} Exchange */
/** @typedef {import("./targets.mjs").Target} Target */

/**
 * What the commands run against.
 * @typedef {object} Real
 * @property {Target} target
 * @property {boolean} strict responses validated strictly
 * @property {Record<string, unknown>} overrides parameter values in place of the examples'
 * @property {Map<string, number>} stats commands run, by "<resource> <command>"
 */

/** @typedef {import("fast-check").AsyncCommand<Model, Real>} ExploreCommand */

/** The most pages a list follows before it gives up on reaching the end. */
const MAX_PAGES = 20;

/**
 * Sends a request, writes it in the run's trail, and checks what every answer must be.
 * @param {Real} real
 * @param {Model} model
 * @param {ExploreRequest} request
 * @param {string} label the trail's words for it
 * @returns {Promise<Exchange>}
 */
async function send(real, model, request, label) {
  const exchange = { request, answer: await real.target.send(request) };
  model.trail.push(`${label}: ${request.operation.id} -> ${exchange.answer.status}`);
  checkAnswer(exchange, { strict: real.strict });
  return exchange;
}

/**
 * @param {Real} real
 * @param {string} what
 */
function count(real, what) {
  real.stats.set(what, (real.stats.get(what) ?? 0) + 1);
}

/**
 * The request a link leads to; a link that reaches nothing from a record's create is the API's fault.
 * @param {Followed} followed
 * @param {Exchange} exchange
 */
function requestFrom(followed, exchange) {
  const request = followLink(followed, exchange);
  if (!request)
    throw new ExplorationFailure(
      `link ${followed.link.name} of ${exchange.request.operation.id} reaches nothing in its answer`,
    );
  return request;
}

/**
 * The status an operation answers on success.
 * @param {import("@xads/spec/lib/catalogue.mjs").CatalogueOperation} operation
 */
const successOf = (operation) => operation.success?.status ?? 200;

/**
 * The record a command picked, and the name the trail calls it by.
 * @param {ModelRecord} record
 */
const describe = (record) => `${record.id} (${record.deleted ? "deleted" : "live"})`;

/** @implements {ExploreCommand} */
export class Create {
  /**
   * @param {Resource} resource
   * @param {string} name the name the record gets, made unique by the run's sequence
   */
  constructor(resource, name) {
    this.resource = resource;
    this.name = name;
  }
  check = () => this.resource.create !== undefined && this.resource.fromCreate.get !== undefined;
  /** @param {Model} model @param {Real} real */
  async run(model, real) {
    const { resource } = this;
    const create = /** @type {NonNullable<Resource["create"]>} */ (resource.create);
    model.sequence += 1;
    const request = exampleRequest(create, real.overrides);
    setField(request, "name", `${this.name} #${model.sequence}`);
    const exchange = await send(real, model, request, String(this));
    expectStatus(exchange, successOf(create), "a create built from the spec's examples");
    const data = dataOf(exchange);
    const id = String(
      requestFrom(/** @type {Followed} */ (resource.fromCreate.get), exchange).path[resource.idParameter],
    );
    if (recordsOf(model, resource.key).some((r) => r.id === id))
      throw new ExplorationFailure(`${create.id} answered the id ${id} of a record this run created before`);
    const fields = sentFields(request);
    expectFields(exchange, data, fields);
    model.records.push({ resource: resource.key, id, created: exchange, fields, deleted: false });
    model.trail.push(`  created ${id}`);
    count(real, `${resource.name} create`);
  }
  toString = () => `create ${this.resource.name} ${JSON.stringify(this.name)}`;
}

/** @implements {ExploreCommand} */
export class Read {
  /** @param {Resource} resource @param {number} index */
  constructor(resource, index) {
    this.resource = resource;
    this.index = index;
  }
  /** @param {Model} model */
  check = (model) => this.resource.fromCreate.get !== undefined && recordsOf(model, this.resource.key).length > 0;
  /** @param {Model} model @param {Real} real */
  async run(model, real) {
    const { resource } = this;
    const get = /** @type {Followed} */ (resource.fromCreate.get);
    const record = /** @type {ModelRecord} */ (pick(model, resource.key, this.index));
    const request = requestFrom(get, record.created);
    const exchange = await send(real, model, request, `${this} ${describe(record)}`);
    count(real, `${resource.name} read`);
    if (!record.deleted) {
      expectStatus(exchange, successOf(get.operation), "a read of a record created and not deleted");
      expectFields(exchange, dataOf(exchange), { id: record.id, ...record.fields });
      return;
    }
    expectStatus(exchange, 404, "a read of a deleted record");
    if (resource.deletion !== "soft" || !get.operation.parameters.some((p) => p.name === "with_deleted")) return;
    request.query.with_deleted = true;
    const again = await send(real, model, request, "  again with_deleted=true");
    expectStatus(again, successOf(get.operation), "a read with_deleted=true of a soft-deleted record");
    expectFields(again, dataOf(again), { id: record.id, deleted: true });
  }
  toString = () => `read ${this.resource.name} [${this.index}]`;
}

/** @implements {ExploreCommand} */
export class Update {
  /** @param {Resource} resource @param {number} index @param {string} name */
  constructor(resource, index, name) {
    this.resource = resource;
    this.index = index;
    this.name = name;
  }
  /** @param {Model} model */
  check = (model) => this.resource.fromCreate.update !== undefined && recordsOf(model, this.resource.key).length > 0;
  /** @param {Model} model @param {Real} real */
  async run(model, real) {
    const { resource } = this;
    const update = /** @type {Followed} */ (resource.fromCreate.update);
    const record = /** @type {ModelRecord} */ (pick(model, resource.key, this.index));
    model.sequence += 1;
    const request = requestFrom(update, record.created);
    setField(request, "name", `${this.name} #${model.sequence}`);
    const exchange = await send(real, model, request, `${this} ${describe(record)}`);
    count(real, `${resource.name} update`);
    if (record.deleted) return expectStatus(exchange, 404, "an update of a deleted record");
    expectStatus(exchange, successOf(update.operation), "an update of a record created and not deleted");
    const fields = sentFields(request);
    expectFields(exchange, dataOf(exchange), { id: record.id, ...fields });
    record.fields = { ...record.fields, ...fields };
  }
  toString = () => `update ${this.resource.name} [${this.index}] ${JSON.stringify(this.name)}`;
}

/** @implements {ExploreCommand} */
export class Delete {
  /** @param {Resource} resource @param {number} index */
  constructor(resource, index) {
    this.resource = resource;
    this.index = index;
  }
  /** @param {Model} model */
  check = (model) => this.resource.fromCreate.delete !== undefined && recordsOf(model, this.resource.key).length > 0;
  /** @param {Model} model @param {Real} real */
  async run(model, real) {
    const { resource } = this;
    const remove = /** @type {Followed} */ (resource.fromCreate.delete);
    const record = /** @type {ModelRecord} */ (pick(model, resource.key, this.index));
    const exchange = await send(real, model, requestFrom(remove, record.created), `${this} ${describe(record)}`);
    count(real, `${resource.name} delete`);
    if (record.deleted) return expectStatus(exchange, 404, "a second delete of a record");
    expectStatus(exchange, successOf(remove.operation), "a delete of a record created and not deleted");
    const data = dataOf(exchange);
    expectFields(exchange, data, { id: record.id, ...(resource.deletion === "soft" ? { deleted: true } : {}) });
    record.deleted = true;
  }
  toString = () => `delete ${this.resource.name} [${this.index}]`;
}

/** @implements {ExploreCommand} */
export class List {
  /** @param {Resource} resource */
  constructor(resource) {
    this.resource = resource;
  }
  check = () => this.resource.list !== undefined;
  /** @param {Model} model @param {Real} real */
  async run(model, real) {
    const { resource } = this;
    const list = /** @type {NonNullable<Resource["list"]>} */ (resource.list);
    const request = exampleRequest(list, real.overrides);
    const countParameter = list.parameters.find((p) => p.name === "count");
    if (countParameter?.maximum !== undefined) request.query.count = countParameter.maximum;
    const first = await send(real, model, request, String(this));
    expectStatus(first, successOf(list), "a list");
    /** @type {Array<Record<string, unknown>>} */
    const listed = [];
    let page = first;
    for (let pages = 1; ; pages += 1) {
      const body = /** @type {{ data?: Array<Record<string, unknown>>, next_cursor?: string | null }} */ (
        page.answer.body
      );
      listed.push(...(body.data ?? []));
      if (!body.next_cursor || pages >= MAX_PAGES) break;
      const next = { ...request, query: { ...request.query, cursor: body.next_cursor } };
      page = await send(real, model, next, "  the next page");
      expectStatus(page, successOf(list), "the next page of a list");
    }
    model.trail.push(`  ${listed.length} records`);
    count(real, `${resource.name} list`);
    const ids = new Set(listed.map((r) => String(r.id ?? r[resource.idParameter])));
    for (const record of recordsOf(model, resource.key)) {
      if (ids.has(record.id) === !record.deleted) continue;
      throw new ExplorationFailure(
        `${list.id} ${record.deleted ? "lists the deleted" : "does not list the live"} ${resource.name} ${record.id}`,
      );
    }
    await this.readFirst(model, real, first, listed[0]);
  }
  /**
   * Follows the page's link to its first record, which must read as it was listed.
   * @param {Model} model
   * @param {Real} real
   * @param {Exchange} page
   * @param {Record<string, unknown> | undefined} listed
   */
  async readFirst(model, real, page, listed) {
    const { fromList } = this.resource;
    const request = fromList ? followLink(fromList, page) : undefined;
    if (!fromList || !request || !listed) return;
    const exchange = await send(real, model, request, "  read the first listed");
    expectStatus(exchange, successOf(fromList.operation), "a read of a listed record");
    expectFields(exchange, dataOf(exchange), listed);
  }
  toString = () => `list ${this.resource.name}`;
}

/**
 * The command arbitraries of the resources: a create for each with one, a read, an update and a delete
 * for each its create links to, and a list for each with a list.
 * @param {Resource[]} resources
 * @returns {Array<import("fast-check").Arbitrary<ExploreCommand>>}
 */
export function commandArbitraries(resources) {
  const name = fc.string({ minLength: 1, maxLength: 16, unit: "grapheme" });
  const index = fc.nat({ max: 31 });
  return resources.flatMap((resource) => [
    ...(resource.create ? [name.map((n) => new Create(resource, n))] : []),
    ...(resource.fromCreate.get ? [index.map((i) => new Read(resource, i))] : []),
    ...(resource.fromCreate.update ? [fc.tuple(index, name).map(([i, n]) => new Update(resource, i, n))] : []),
    ...(resource.fromCreate.delete ? [index.map((i) => new Delete(resource, i))] : []),
    ...(resource.list ? [fc.constant(new List(resource))] : []),
  ]);
}
