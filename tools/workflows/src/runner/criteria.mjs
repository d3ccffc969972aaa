// Arazzo criteria, as respect checks them: simple conditions (comparisons of expressions and literals
// with && || ! and parentheses), regular expressions on a context's text, and JSONPath queries on
// the context wrapped in an array (why the workflows write `$[0].data...` and `$[?(...)]`).
import { query } from "jsonpath-rfc9535";
import { displayValue, evaluateExpression, interpolate } from "./expressions.mjs";

/** @typedef {import("./expressions.mjs").ExpressionContext} ExpressionContext */
/** @typedef {{ condition: string, context?: string, type?: unknown }} Criterion */
/** @typedef {{ criterion: Criterion, passed: boolean, message: string }} Check */

/** A criterion that cannot be read (a syntax error, an unknown type). */
export class CriterionError extends Error {
  /** @override */
  name = "CriterionError";
}

/**
 * The criterion's type: a name, or an object naming it (`{ type: jsonpath, version: ... }`).
 * @param {Criterion} criterion
 * @returns {string}
 */
export function criterionType(criterion) {
  const { type } = criterion;
  if (type === undefined || type === null) return "simple";
  if (typeof type === "string") return type;
  if (typeof type === "object" && "type" in type && typeof type.type === "string") return type.type;
  throw new CriterionError(`a criterion's type is a name or { type }: ${JSON.stringify(type)}`);
}

/**
 * @typedef {{ kind: "op", text: string } | { kind: "literal", value: unknown, text: string }
 *   | { kind: "expression", text: string }} Token
 */

const OPERATORS = ["==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "(", ")"];

/** @param {string} condition @returns {Token[]} */
function tokenize(condition) {
  /** @type {Token[]} */
  const tokens = [];
  let i = 0;
  while (i < condition.length) {
    const rest = condition.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const op = OPERATORS.find((candidate) => rest.startsWith(candidate));
    if (op) {
      tokens.push({ kind: "op", text: op });
      i += op.length;
      continue;
    }
    if (rest.startsWith("'")) {
      // A quote inside a string is written twice: 'it''s'.
      const string = /^'((?:[^']|'')*)'/.exec(rest);
      if (!string) throw new CriterionError(`an unclosed string in: ${condition}`);
      tokens.push({ kind: "literal", value: String(string[1]).replace(/''/g, "'"), text: string[0] });
      i += string[0].length;
      continue;
    }
    const word = /^[^\s()=!<>&|]+/.exec(rest);
    if (!word) throw new CriterionError(`cannot read "${rest}" in: ${condition}`);
    const text = word[0];
    i += text.length;
    if (text.startsWith("$")) tokens.push({ kind: "expression", text });
    else if (text === "true" || text === "false") tokens.push({ kind: "literal", value: text === "true", text });
    else if (text === "null") tokens.push({ kind: "literal", value: null, text });
    else if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) tokens.push({ kind: "literal", value: Number(text), text });
    else throw new CriterionError(`"${text}" is neither an expression nor a literal in: ${condition}`);
  }
  return tokens;
}

/**
 * `undefined == null`; otherwise strict equality.
 * @param {unknown} left @param {unknown} right
 */
function equal(left, right) {
  if ((left === undefined || left === null) && (right === undefined || right === null)) return true;
  return left === right;
}

/**
 * Orders numbers with numbers and strings with strings; anything else is not ordered (false).
 * @param {string} op @param {unknown} left @param {unknown} right
 */
function ordered(op, left, right) {
  const comparable =
    (typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string");
  if (!comparable) return false;
  const a = /** @type {number | string} */ (left);
  const b = /** @type {number | string} */ (right);
  if (op === "<") return a < b;
  if (op === "<=") return a <= b;
  if (op === ">") return a > b;
  return a >= b;
}

/**
 * Evaluates a simple condition; `seen` collects each expression's value, for the message.
 * @param {string} condition
 * @param {ExpressionContext} context
 * @param {unknown[]} seen
 * @returns {boolean}
 */
function evaluateSimple(condition, context, seen) {
  const tokens = tokenize(condition);
  let position = 0;
  const peek = () => tokens[position];
  const isOp = (/** @type {string} */ text) => {
    const token = peek();
    return token?.kind === "op" && token.text === text;
  };

  /** @returns {unknown} */
  const operand = () => {
    const token = tokens[position++];
    if (!token) throw new CriterionError(`a condition ends too early: ${condition}`);
    if (token.kind === "literal") return token.value;
    if (token.kind === "expression") {
      const value = evaluateExpression(token.text, context);
      seen.push(value);
      return value;
    }
    if (token.text === "(") {
      const value = or();
      if (!isOp(")")) throw new CriterionError(`a "(" is not closed in: ${condition}`);
      position++;
      return value;
    }
    if (token.text === "!") return !operand();
    throw new CriterionError(`"${token.text}" is out of place in: ${condition}`);
  };

  /** @returns {unknown} */
  const comparison = () => {
    const left = operand();
    const token = peek();
    if (token?.kind !== "op" || !["==", "!=", "<", "<=", ">", ">="].includes(token.text)) return left;
    position++;
    const right = operand();
    if (token.text === "==") return equal(left, right);
    if (token.text === "!=") return !equal(left, right);
    return ordered(token.text, left, right);
  };

  /** @returns {unknown} */
  const and = () => {
    let value = comparison();
    while (isOp("&&")) {
      position++;
      const right = comparison();
      value = Boolean(value) && Boolean(right);
    }
    return value;
  };

  /** @returns {unknown} */
  const or = () => {
    let value = and();
    while (isOp("||")) {
      position++;
      const right = and();
      value = Boolean(value) || Boolean(right);
    }
    return value;
  };

  if (tokens.length === 0) throw new CriterionError("an empty condition");
  const result = or();
  if (position < tokens.length) throw new CriterionError(`"${peek()?.text}" is out of place in: ${condition}`);
  return Boolean(result);
}

/**
 * @param {Criterion} criterion
 * @param {ExpressionContext} context
 */
function contextValue(criterion, context) {
  if (!criterion.context) throw new CriterionError(`a ${criterionType(criterion)} criterion needs a context`);
  return evaluateExpression(criterion.context, context);
}

/**
 * One criterion checked: whether it passed, and a message saying what was compared with what.
 * Throws (CriterionError, ExpressionError) for a criterion that cannot be read.
 * @param {Criterion} criterion
 * @param {ExpressionContext} context
 * @returns {Check}
 */
export function checkCriterion(criterion, context) {
  const type = criterionType(criterion);
  const condition = String(criterion.condition ?? "");
  if (type === "simple") {
    /** @type {unknown[]} */
    const seen = [];
    const passed = evaluateSimple(condition, context, seen);
    const shown = seen.map((value) => displayValue(value)).join(", ");
    return { criterion, passed, message: shown ? `${condition}: ${shown}` : condition };
  }
  if (type === "regex") {
    const value = contextValue(criterion, context);
    const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
    let pattern;
    try {
      pattern = new RegExp(condition);
    } catch (error) {
      throw new CriterionError(`not a regular expression: ${condition} (${/** @type {Error} */ (error).message})`);
    }
    const passed = pattern.test(text);
    return { criterion, passed, message: `${criterion.context} matches /${condition}/: ${displayValue(text)}` };
  }
  if (type === "jsonpath") {
    const value = contextValue(criterion, context);
    const path = interpolate(condition, context, (inner) => JSON.stringify(inner) ?? "null");
    /** @type {unknown[]} */
    let nodes;
    try {
      nodes = query(/** @type {import("jsonpath-rfc9535").JsonValue} */ ([value]), path);
    } catch (error) {
      throw new CriterionError(`not a JSONPath query: ${path} (${/** @type {Error} */ (error).message})`);
    }
    const passed = nodes.length > 0;
    const count = `${nodes.length} node${nodes.length === 1 ? "" : "s"}`;
    return { criterion, passed, message: `${path} on [${criterion.context}] selects ${count}: ${displayValue(value)}` };
  }
  throw new CriterionError(`${type} criteria are not supported (simple, regex and jsonpath are)`);
}

/**
 * @param {Criterion[] | undefined} criteria
 * @param {ExpressionContext} context
 * @returns {Check[]}
 */
export function checkCriteria(criteria, context) {
  return (criteria ?? []).map((criterion) => checkCriterion(criterion, context));
}
