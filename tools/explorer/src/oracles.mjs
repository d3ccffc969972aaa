// What every answer must be, whatever the model says: never a 5xx, a documented status, a body the
// spec allows (@xads/validator); and the model's expectations: a status, a record that holds what was
// sent. Each failure is an ExplorationFailure naming the operation and what it answered.
import { isDeepStrictEqual } from "node:util";
import { getOperation } from "@xads/validator";

/** @typedef {import("./requests.mjs").Exchange} Exchange */

export class ExplorationFailure extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "ExplorationFailure";
  }
}

/** @param {unknown} value at most 300 characters of it, as JSON */
const brief = (value) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text === undefined ? "no body" : text.length > 300 ? `${text.slice(0, 300)}...` : text;
};

/** @param {Exchange} exchange */
const named = ({ request }) => `${request.operation.id} (${request.operation.method.toUpperCase()})`;

/**
 * Every answer: below 500, documented for the operation, with a body its schema allows (`strict`:
 * breaking an enum or a length bound counts too).
 * @param {Exchange} exchange
 * @param {{ strict: boolean }} options
 */
export function checkAnswer(exchange, { strict }) {
  const { request, answer } = exchange;
  if (answer.status >= 500)
    throw new ExplorationFailure(`${named(exchange)} answered ${answer.status}: ${brief(answer.body)}`);
  const result = getOperation(request.operation.id).validateResponse(answer.status, answer.body, { strict });
  if (!result.valid) {
    const errors = result.errors.map((e) => `${e.parameter}: ${e.message}`).join("; ");
    throw new ExplorationFailure(
      `${named(exchange)} answered ${answer.status}, which the spec does not allow: ${errors}`,
    );
  }
}

/**
 * @param {Exchange} exchange
 * @param {number} expected
 * @param {string} why what the model says, for the message
 */
export function expectStatus(exchange, expected, why) {
  const { status, body } = exchange.answer;
  if (status !== expected)
    throw new ExplorationFailure(
      `${named(exchange)} answered ${status} where ${why} expects ${expected}: ${brief(body)}`,
    );
}

/**
 * The record an answer carries in `data` (the single envelope).
 * @param {Exchange} exchange
 * @returns {Record<string, unknown>}
 */
export function dataOf(exchange) {
  const body = /** @type {{ data?: unknown } | undefined} */ (exchange.answer.body);
  const data = body?.data;
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new ExplorationFailure(`${named(exchange)} answered no record in data: ${brief(exchange.answer.body)}`);
  return /** @type {Record<string, unknown>} */ (data);
}

/**
 * Each field the record has holds the value sent for it (a value sent that is not a field of the
 * record, such as a filter, is not compared).
 * @param {Exchange} exchange
 * @param {Record<string, unknown>} record
 * @param {Record<string, unknown>} fields
 */
export function expectFields(exchange, record, fields) {
  for (const [name, sent] of Object.entries(fields)) {
    if (!Object.hasOwn(record, name) || isDeepStrictEqual(record[name], sent)) continue;
    throw new ExplorationFailure(
      `${named(exchange)} answered ${name} ${brief(record[name])} where ${brief(sent)} was sent`,
    );
  }
}
