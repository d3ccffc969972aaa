// Arazzo runtime expressions ($statusCode, $response.body#/pointer, $steps.<id>.outputs.<name>, ...)
// and the values written with them: a string that is exactly an expression becomes its value, and
// `{$...}` inside a longer string becomes its text. No Node built-ins: it runs in a web page too.

/**
 * @typedef {object} ExchangeContext what a step sent and was answered
 * @property {string} url
 * @property {string} method
 * @property {Record<string, string>} [requestHeaders] lower-case names
 * @property {Record<string, string>} [requestQuery]
 * @property {Record<string, string>} [requestPath]
 * @property {unknown} [requestBody]
 * @property {number} [status]
 * @property {Record<string, string>} [responseHeaders] lower-case names
 * @property {string} [responseText]
 */

/**
 * @typedef {object} ExpressionContext
 * @property {Record<string, unknown>} inputs the workflow's inputs
 * @property {Record<string, unknown>} outputs `$outputs`: a workflow step's child outputs
 * @property {Record<string, { outputs: Record<string, unknown> }>} steps the workflow's steps run so far
 * @property {Record<string, { inputs: Record<string, unknown>, outputs: Record<string, unknown> }>} workflows
 *   the workflows of the run ended so far
 * @property {ExchangeContext} [exchange] the step's request and answer, once sent
 */

/** An expression that cannot be read, or names what it cannot name. */
export class ExpressionError extends Error {
  /** @override */
  name = "ExpressionError";
}

/** The roots of Arazzo's runtime expressions: a string starting with one of them is an expression. */
const ROOT = /^\$(url|method|statusCode|request\.|response\.|inputs\.|outputs\.|steps\.|workflows\.)/;

/** @param {unknown} value */
export function isExpression(value) {
  return typeof value === "string" && ROOT.test(value);
}

/**
 * The value of a JSON pointer (RFC 6901) in a value; undefined where it leads nowhere.
 * @param {unknown} value
 * @param {string} pointer "" (the whole value) or "/a/0/b"
 * @returns {unknown}
 */
export function resolvePointer(value, pointer) {
  if (pointer === "") return value;
  if (!pointer.startsWith("/")) throw new ExpressionError(`a JSON pointer starts with "/": ${pointer}`);
  let current = value;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (current !== null && typeof current === "object" && Object.hasOwn(current, token)) {
      current = /** @type {Record<string, unknown>} */ (current)[token];
    } else {
      return undefined;
    }
  }
  return current;
}

/**
 * An answer's body as expressions see it: its JSON when it parses, else its text.
 * @param {string} text
 * @returns {unknown}
 */
export function bodyValue(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * @param {Record<string, unknown> | undefined} record
 * @param {string} name
 * @param {string | undefined} pointer
 */
function fieldOf(record, name, pointer) {
  const value = record && Object.hasOwn(record, name) ? record[name] : undefined;
  return pointer === undefined ? value : resolvePointer(value, pointer);
}

/** @param {ExpressionContext} context @param {string} expression */
function exchangeOf(context, expression) {
  if (!context.exchange) throw new ExpressionError(`${expression} is read after a request is sent`);
  return context.exchange;
}

/** @param {ExpressionContext} context @param {string} expression */
function answerOf(context, expression) {
  const exchange = exchangeOf(context, expression);
  if (exchange.status === undefined) throw new ExpressionError(`${expression} is read after an answer`);
  return exchange;
}

/** @param {unknown} value @param {string | undefined} pointer */
const at = (value, pointer) => (pointer === undefined ? value : resolvePointer(value, pointer));

/**
 * The expressions read, each a pattern of the part before `#` and its reader; `pointer` is the part
 * after `#`, for the readers that take one.
 * @type {Array<{ pattern: RegExp, pointer: boolean,
 *   read: (match: string[], context: ExpressionContext, expression: string, pointer: string | undefined) => unknown }>}
 */
const READERS = [
  { pattern: /^\$url$/, pointer: false, read: (_, context, expression) => exchangeOf(context, expression).url },
  { pattern: /^\$method$/, pointer: false, read: (_, context, expression) => exchangeOf(context, expression).method },
  { pattern: /^\$statusCode$/, pointer: false, read: (_, context, expression) => answerOf(context, expression).status },
  {
    pattern: /^\$response\.body$/,
    pointer: true,
    read: (_, context, expression, pointer) => at(bodyValue(answerOf(context, expression).responseText ?? ""), pointer),
  },
  {
    pattern: /^\$response\.header\.(.+)$/,
    pointer: false,
    read: ([, name], context, expression) =>
      answerOf(context, expression).responseHeaders?.[String(name).toLowerCase()],
  },
  {
    pattern: /^\$request\.body$/,
    pointer: true,
    read: (_, context, expression, pointer) => at(exchangeOf(context, expression).requestBody, pointer),
  },
  {
    pattern: /^\$request\.header\.(.+)$/,
    pointer: false,
    read: ([, name], context, expression) =>
      exchangeOf(context, expression).requestHeaders?.[String(name).toLowerCase()],
  },
  {
    pattern: /^\$request\.query\.(.+)$/,
    pointer: false,
    read: ([, name], context, expression) => exchangeOf(context, expression).requestQuery?.[String(name)],
  },
  {
    pattern: /^\$request\.path\.(.+)$/,
    pointer: false,
    read: ([, name], context, expression) => exchangeOf(context, expression).requestPath?.[String(name)],
  },
  {
    pattern: /^\$inputs\.([^.]+)$/,
    pointer: true,
    read: ([, name], context, _, pointer) => fieldOf(context.inputs, String(name), pointer),
  },
  {
    pattern: /^\$outputs\.([^.]+)$/,
    pointer: true,
    read: ([, name], context, _, pointer) => fieldOf(context.outputs, String(name), pointer),
  },
  {
    pattern: /^\$steps\.([^.]+)\.outputs\.([^.]+)$/,
    pointer: true,
    read: ([, step, name], context, _, pointer) => fieldOf(context.steps[String(step)]?.outputs, String(name), pointer),
  },
  {
    pattern: /^\$workflows\.([^.]+)\.(inputs|outputs)\.([^.]+)$/,
    pointer: true,
    read: ([, id, part, name], context, _, pointer) => {
      const workflow = context.workflows[String(id)];
      return fieldOf(part === "inputs" ? workflow?.inputs : workflow?.outputs, String(name), pointer);
    },
  },
];

/**
 * The value of one runtime expression.
 * @param {string} expression
 * @param {ExpressionContext} context
 * @returns {unknown}
 */
export function evaluateExpression(expression, context) {
  const [head = "", ...rest] = expression.split("#");
  const pointer = rest.length > 0 ? rest.join("#") : undefined;
  for (const reader of READERS) {
    const match = reader.pattern.exec(head);
    if (match && (reader.pointer || pointer === undefined)) return reader.read(match, context, expression, pointer);
  }
  throw new ExpressionError(`not a runtime expression this runner reads: ${expression}`);
}

/**
 * The text an expression's value takes inside a longer string.
 * @param {unknown} value
 */
export function textOf(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A string with each `{$...}` replaced by `render` of its value (text by default).
 * @param {string} text
 * @param {ExpressionContext} context
 * @param {(value: unknown) => string} [render]
 */
export function interpolate(text, context, render = textOf) {
  return text.replace(/\{(\$[^{}]+)\}/g, (_, expression) => render(evaluateExpression(expression, context)));
}

/**
 * A value written in a workflow (a parameter's value, a payload, an output), with its expressions
 * evaluated, through arrays and objects.
 * @param {unknown} value
 * @param {ExpressionContext} context
 * @returns {unknown}
 */
export function evaluateValue(value, context) {
  if (typeof value === "string") {
    if (isExpression(value)) return evaluateExpression(value, context);
    return value.includes("{$") ? interpolate(value, context) : value;
  }
  if (Array.isArray(value)) return value.map((item) => evaluateValue(item, context));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, evaluateValue(item, context)]));
  return value;
}

/**
 * A value as a check's message shows it: JSON text, cut to `max` characters.
 * @param {unknown} value
 * @param {number} [max]
 */
export function displayValue(value, max = 80) {
  const text = value === undefined ? "undefined" : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
