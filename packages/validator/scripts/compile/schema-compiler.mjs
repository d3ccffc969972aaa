// Compiles the JSON Schema subset the documents use into plain functions, one per schema the module
// needs, of the shape `(x, e, p, d) => boolean`:
//   x  the value;  e  an error sink, or null for a yes/no answer (the fast path: no error bookkeeping,
//   no path strings, the first failure returns false);  p  the JSON pointer of x (read only when e is
//   set);  d  how many component schemas deep the call is (a limit stops runaway recursion).
// A `$ref` to a component becomes a call to the component's function, shared by every operation of
// the document instead of copied into each. Any keyword the compiler does not know fails the build.
import { simplePatternExpression, simplePatternMatcher } from "./simple-patterns.mjs";

export class CompileError extends Error {}

/** A subschema at least this long in JSON, found in two operations, is compiled once and shared. */
const SHARED_MIN_LENGTH = 120;
/** A component at most this long in JSON, with no `$ref`, is checked in place rather than called. */
const LEAF_MAX_LENGTH = 600;
/**
 * An array that may hold more items than this (a page of a list) has its component items checked by
 * one call for the whole array (ModuleCode `listed`); a shorter one calls per item, as its code is
 * then not worth its size.
 */
const LONG_LIST = 100;

/** Keywords that annotate and do not validate. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "example",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
  "discriminator",
  "externalDocs",
  "xml",
  "$comment",
  "$schema",
  "$id",
]);
/** The runtime check of each string format (none: nothing to check). */
export const STRING_FORMATS = {
  date: "isDate",
  time: "isTime",
  "date-time": "isDateTime",
  uri: "isUri",
  url: "isUri",
  email: "isEmail",
  uuid: "isUuid",
  byte: "isByte",
  binary: undefined,
  password: undefined,
};
/** The runtime check of each number format. */
export const NUMBER_FORMATS = { int32: "isInt32", int64: "isInt64", float: undefined, double: undefined };
/** Names an object inherits: reading them needs an own-property check. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** @typedef {Record<string, any>} Schema */

/** @param {string} segment */
function pointerSegment(segment) {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * A pointer expression with `literal` appended, merged into its last string literal when it ends in one.
 * @param {string} path
 * @param {string} literal
 */
function joinPath(path, literal) {
  const quoted = JSON.stringify(literal);
  return path.endsWith('"') ? `${path.slice(0, -1)}${quoted.slice(1)}` : `${path} + ${quoted}`;
}

/**
 * The direct subschemas of a schema, as the compiler walks them.
 * @param {Schema} s
 * @returns {unknown[]}
 */
export function subschemas(s) {
  const out = [];
  if (s.properties && typeof s.properties === "object") out.push(...Object.values(s.properties));
  for (const key of ["items", "additionalProperties", "not", "if", "then", "else"]) {
    if (s[key] && typeof s[key] === "object") out.push(s[key]);
  }
  for (const key of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(s[key])) out.push(...s[key]);
  return out;
}

/**
 * JS source reading property `name` of the object in `v`, never from its prototype.
 * @param {string} v
 * @param {string} name
 */
function readProperty(v, name) {
  if (INHERITED.has(name) || name === "__proto__")
    return `(hasOwn(${v}, ${JSON.stringify(name)}) ? ${v}[${JSON.stringify(name)}] : undefined)`;
  return IDENTIFIER.test(name) ? `${v}.${name}` : `${v}[${JSON.stringify(name)}]`;
}

/**
 * JS source testing that `v` has the JSON type `type`; `isRecord` is the runtime's.
 * @param {string} type
 * @param {string} v
 */
function typeTest(type, v) {
  switch (type) {
    case "string":
      return `typeof ${v} === "string"`;
    case "integer":
      return `Number.isInteger(${v})`;
    case "number":
      return `Number.isFinite(${v})`;
    case "boolean":
      return `typeof ${v} === "boolean"`;
    case "null":
      return `${v} === null`;
    case "array":
      return `Array.isArray(${v})`;
    case "object":
      return `isRecord(${v})`;
    default:
      throw new CompileError(`unknown type "${type}"`);
  }
}

/**
 * JS source testing that `v` has none of the JSON types `types`.
 * @param {string[]} types
 * @param {string} v
 */
function notTypeTest(types, v) {
  if (types.length === 1 && (types[0] === "string" || types[0] === "boolean")) return `typeof ${v} !== "${types[0]}"`;
  if (types.length === 1 && types[0] === "null") return `${v} !== null`;
  return types.length === 1 ? `!${typeTest(types[0] ?? "", v)}` : `!(${types.map((t) => typeTest(t, v)).join(" || ")})`;
}

/**
 * The code of one generated module: its functions, hoisted constants and the runtime names it uses.
 * `resolveRef` names the function of a `$ref` (compiling it where it lives).
 */
export class ModuleCode {
  /**
   * @param {{
   *   prefix: string,
   *   resolveRef: (ref: string) => string,
   *   hoist?: (schema: Schema) => string | undefined,
   *   leaf?: (ref: string) => Schema | undefined,
   *   target?: (ref: string) => unknown,
   *   listRef?: (ref: string) => string | undefined,
   * }} options `hoist`: the function of a subschema shared with other modules, if it is one; `leaf`:
   *   the schema of a `$ref` to check in place, if it is small and refers to nothing; `target`: the
   *   schema a `$ref` names (to read a union's branches, see impliedDiscriminator); `listRef`: the
   *   function of a `$ref` that also checks a whole array of such values (see `listed`), if it can
   */
  constructor({ prefix, resolveRef, hoist, leaf, target, listRef }) {
    this.prefix = prefix;
    this.resolveRef = resolveRef;
    this.hoist = hoist;
    this.leaf = leaf;
    this.target = target;
    this.listRef = listRef;
    /** @type {Map<string, string>} function name -> source */
    this.functions = new Map();
    /** @type {Map<string, string[]>} function name -> its statements (after `let ok = true;`) */
    this.bodies = new Map();
    /**
     * Functions also called with a whole array (as a fifth argument): their statements run once per
     * item in a loop of their own, so that a long list costs one call, not one per item.
     * @type {Set<string>}
     */
    this.listed = new Set();
    /** @type {Map<string, string>} constant source -> name */
    this.constants = new Map();
    /** @type {Set<string>} runtime names used */
    // Names the emitted code may use without asking (`use`): the module imports those it does use.
    this.runtime = new Set(["hasOwn", "isRecord"]);
    /** @type {Set<string>} function names of other modules used */
    this.imports = new Set();
    this.counter = 0;
  }

  /** @param {string} source */
  constant(source) {
    let name = this.constants.get(source);
    if (!name) {
      name = `${this.prefix}c${this.constants.size}`;
      this.constants.set(source, name);
    }
    return name;
  }

  /** @param {string} name */
  use(name) {
    this.runtime.add(name);
    return name;
  }

  /**
   * Compiles `schema` into a function of this module and returns its name.
   * @param {unknown} schema
   * @param {{ name?: string, component?: boolean, where: string }} options `component`: checks the depth
   */
  compileFunction(schema, { name, component = false, where }) {
    const fn = name ?? `${this.prefix}f${this.counter++}`;
    const body = new FunctionBody(this, where);
    const lines = body.emit(schema, "x", "p", true);
    const depth = component
      ? [`if (d > ${this.use("MAX_DEPTH")}) { if (e !== null) e.add(p, "depth", { limit: MAX_DEPTH }); return false; }`]
      : [];
    this.functions.set(
      fn,
      `function ${fn}(x, e, p, d) {\n${[...depth, "let ok = true;", ...lines, "return ok;"].join("\n")}\n}`,
    );
    if (depth.length === 0) this.bodies.set(fn, lines);
    return fn;
  }

  /**
   * Marks a function of this module to be called with whole arrays too; false for one that counts
   * the depth (a recursive component), whose items are called one by one.
   * @param {string} fn
   */
  list(fn) {
    if (!this.bodies.has(fn)) return false;
    this.listed.add(fn);
    return true;
  }

  /**
   * The source of a function: as compiled, or for a listed one, with its statements in a loop over
   * the items of its fifth argument when it is given (`x` and `p` are then each item and its pointer).
   * @param {string} name
   */
  functionSource(name) {
    const code = /** @type {string} */ (this.functions.get(name));
    const lines = this.bodies.get(name);
    if (!this.listed.has(name) || !lines) return code;
    return [
      `function ${name}(x, e, p, d, list) {`,
      "let ok = true;",
      "for (let j = 0, at = p; j < (list ? list.length : 1); j++) {",
      'if (list) { x = list[j]; p = e && at + "/" + j; }',
      ...lines,
      "}",
      "return ok;",
      "}",
    ].join("\n");
  }

  /**
   * The constants, then the functions (all, or those named), each function `export`ed when `exported`
   * says so.
   * @param {{ only?: Set<string>, exported?: (name: string) => boolean }} [options]
   */
  source({ only, exported = () => false } = {}) {
    const names = [...this.functions.keys()].filter((name) => !only || only.has(name));
    const text = names
      .map((name) => (exported(name) ? `export ${this.functionSource(name)}` : this.functionSource(name)))
      .join("\n");
    // A constant may refer to an earlier one (an enum error's parameters to the enum's values).
    const entries = [...this.constants];
    let used = text;
    const kept = new Set();
    for (let i = entries.length - 1; i >= 0; i--) {
      const [source, name] = /** @type {[string, string]} */ (entries[i]);
      if (!only || new RegExp(`\\b${name}\\b`).test(used)) {
        kept.add(name);
        used += source;
      }
    }
    const constants = entries
      .filter(([, name]) => kept.has(name))
      .map(([source, name]) => `const ${name} = ${source};`);
    return [...constants, text].join("\n");
  }

  /**
   * The functions of this module that `names` call, directly or not, with `names` themselves.
   * @param {Iterable<string>} names
   */
  closure(names) {
    /** @type {Set<string>} */
    const seen = new Set();
    const stack = [...names];
    while (stack.length > 0) {
      const name = /** @type {string} */ (stack.pop());
      const code = this.functions.get(name);
      if (seen.has(name) || code === undefined) continue;
      seen.add(name);
      for (const match of code.matchAll(/\b([A-Za-z_$][\w$]*)\(/g)) {
        const callee = /** @type {string} */ (match[1]);
        if (callee !== name && this.functions.has(callee)) stack.push(callee);
      }
    }
    return seen;
  }
}

/** The statements of one function: a walk of the schema that emits checks. */
class FunctionBody {
  /**
   * @param {ModuleCode} module
   * @param {string} where what is compiled, for errors
   */
  constructor(module, where) {
    this.module = module;
    this.where = where;
    this.counter = 0;
  }

  /** @param {string} base */
  variable(base) {
    return `${base}${this.counter++}`;
  }

  /**
   * The statement reporting a failure: the fast path returns at once, the slow path records it.
   * @param {string} path JS expression of the pointer
   * @param {string} keyword
   * @param {string} params JS expression of the params object
   */
  fail(path, keyword, params = "{}") {
    // Parameters are constant objects, shared by every check of the module that reports the same.
    const shared = /\b(?:i|k)\d+\b/.test(params) ? params : this.module.constant(params);
    return `{ if (!e) return false; ok = e.add(${path}, ${JSON.stringify(keyword)}, ${shared}); }`;
  }

  /**
   * A call of another schema's function; it records its own errors.
   * @param {string} fn
   * @param {string} v
   * @param {string} path
   * @param {string} depth
   */
  call(fn, v, path, depth = "d") {
    return `if (!${fn}(${v}, e, e && ${path}, ${depth})) { if (!e) return false; ok = false; }`;
  }

  /**
   * Statements checking the value in variable `v` (pointer expression `path`) against `schema`.
   * @param {unknown} schema
   * @param {string} v
   * @param {string} path
   * @param {boolean} [root] the function's own schema (never hoisted)
   * @returns {string[]}
   */
  emit(schema, v, path, root = false) {
    if (schema === true || schema === undefined) return [];
    if (schema === false) return [this.fail(path, "false schema")];
    if (!schema || typeof schema !== "object" || Array.isArray(schema))
      throw new CompileError(`${this.where}: a schema must be an object or a boolean`);
    const s = /** @type {Schema} */ (schema);
    const shared = root ? undefined : this.module.hoist?.(s);
    if (shared) return [this.call(shared, v, path)];
    for (const key of Object.keys(s)) {
      if (!KNOWN.has(key) && !ANNOTATIONS.has(key) && !key.startsWith("x-"))
        throw new CompileError(`${this.where}: the keyword "${key}" is not supported by the validator's compiler`);
    }
    /** @type {string[]} */
    const out = [];
    if (typeof s.$ref === "string") {
      // A small component with no references of its own is checked in place: no call on the hot path.
      const leaf = this.module.leaf?.(s.$ref);
      if (leaf !== undefined) out.push(...this.emit(leaf, v, path));
      else out.push(this.call(this.module.resolveRef(s.$ref), v, path, "d + 1"));
    }
    const types = s.type === undefined ? undefined : Array.isArray(s.type) ? s.type : [s.type];
    const groups = {
      string: this.stringChecks(s, v, path),
      number: this.numberChecks(s, v, path),
      array: this.arrayChecks(s, v, path),
      object: this.objectChecks(s, v, path),
    };
    const stringEnum =
      types?.length === 1 &&
      types[0] === "string" &&
      Array.isArray(s.enum) &&
      s.enum.length <= 6 &&
      s.enum.every((/** @type {unknown} */ value) => typeof value === "string") &&
      !("const" in s) &&
      groups.string.length === 0;
    if (stringEnum) {
      // The enum's test implies the type's: one test on the fast path, the slow path tells which failed.
      const test = s.enum.map((/** @type {string} */ value) => `${v} === ${JSON.stringify(value)}`).join(" || ");
      const type = this.module.constant(`{ type: "string" }`);
      const allowed = this.module.constant(`{ allowedValues: ${this.module.constant(JSON.stringify(s.enum))} }`);
      out.push(
        `if (!(${test})) { if (!e) return false; ok = typeof ${v} !== "string" ? e.add(${path}, "type", ${type}) : e.add(${path}, "enum", ${allowed}); }`,
      );
    } else if (types) {
      const test = notTypeTest(types, v);
      /** @type {string[]} */
      const inner = this.valueChecks(s, v, path);
      for (const [group, lines] of Object.entries(groups)) {
        if (lines.length === 0) continue;
        const allowed = types.filter((t) => t === group || (group === "number" && t === "integer"));
        if (allowed.length === 0) continue;
        if (allowed.length === types.length) inner.push(...lines);
        else inner.push(`if (${typeTest(group === "number" ? "number" : group, v)}) {`, ...lines, "}");
      }
      out.push(`if (${test}) ${this.fail(path, "type", `{ type: ${JSON.stringify(types.join(","))} }`)}`);
      if (inner.length > 0) out.push("else {", ...inner, "}");
    } else {
      out.push(...this.valueChecks(s, v, path));
      for (const [group, lines] of Object.entries(groups)) {
        if (lines.length > 0) out.push(`if (${typeTest(group, v)}) {`, ...lines, "}");
      }
    }
    out.push(...this.combinators(s, v, path));
    return out;
  }

  /**
   * enum and const.
   * @param {Schema} s
   * @param {string} v
   * @param {string} path
   * @returns {string[]}
   */
  valueChecks(s, v, path) {
    /** @type {string[]} */
    const out = [];
    if (Array.isArray(s.enum)) {
      const values = s.enum;
      const primitive = values.every((/** @type {unknown} */ value) => value === null || typeof value !== "object");
      let test;
      if (!primitive) {
        const list = this.module.constant(JSON.stringify(values));
        test = `${list}.some((value) => ${this.module.use("equal")}(${v}, value))`;
      } else if (values.length <= 6) {
        test =
          values.map((/** @type {unknown} */ value) => `${v} === ${JSON.stringify(value)}`).join(" || ") || "false";
      } else {
        test = `${this.module.constant(`new Set(${JSON.stringify(values)})`)}.has(${v})`;
      }
      const allowed = this.module.constant(JSON.stringify(values));
      out.push(`if (!(${test})) ${this.fail(path, "enum", `{ allowedValues: ${allowed} }`)}`);
    }
    if ("const" in s) {
      const value = JSON.stringify(s.const);
      const test =
        s.const !== null && typeof s.const === "object"
          ? `${this.module.use("equal")}(${v}, ${this.module.constant(value)})`
          : `${v} === ${value}`;
      out.push(`if (!(${test})) ${this.fail(path, "const", `{ allowedValue: ${value} }`)}`);
    }
    return out;
  }

  /**
   * @param {Schema} s
   * @param {string} v
   * @param {string} path
   * @returns {string[]}
   */
  stringChecks(s, v, path) {
    const out = [];
    if (typeof s.maxLength === "number") {
      const n = s.maxLength;
      // A string of L code units has between ceil(L/2) and L code points: most need no counting.
      out.push(
        `if (${v}.length > ${n} && ${this.module.use("ucs2length")}(${v}) > ${n}) ${this.fail(path, "maxLength", `{ limit: ${n} }`)}`,
      );
    }
    if (typeof s.minLength === "number") {
      const n = s.minLength;
      out.push(
        `if (${v}.length < ${n} || (${v}.length < ${2 * n} && ${this.module.use("ucs2length")}(${v}) < ${n})) ${this.fail(path, "minLength", `{ limit: ${n} }`)}`,
      );
    }
    const inPlace = typeof s.pattern === "string" ? simplePatternExpression(s.pattern, v) : undefined;
    if (inPlace) {
      out.push(`if (!(${inPlace})) ${this.fail(path, "pattern", `{ pattern: ${JSON.stringify(s.pattern)} }`)}`);
    } else if (typeof s.pattern === "string") {
      const matcher = simplePatternMatcher(s.pattern);
      const name = this.module.constant(
        matcher
          ? `/* ${JSON.stringify(s.pattern).replaceAll("*/", "*\\/")} */ ${matcher}`
          : `new RegExp(${JSON.stringify(s.pattern)})`,
      );
      out.push(`if (!${name}.test(${v})) ${this.fail(path, "pattern", `{ pattern: ${JSON.stringify(s.pattern)} }`)}`);
    }
    if (typeof s.format === "string" && Object.hasOwn(STRING_FORMATS, s.format)) {
      const check = STRING_FORMATS[/** @type {keyof typeof STRING_FORMATS} */ (s.format)];
      if (check)
        out.push(
          `if (!${this.module.use(check)}(${v})) ${this.fail(path, "format", `{ format: ${JSON.stringify(s.format)} }`)}`,
        );
    } else if (typeof s.format === "string" && !Object.hasOwn(NUMBER_FORMATS, s.format)) {
      throw new CompileError(
        `${this.where}: the format "${s.format}" is not supported by @xads/validator; add its check to src/runtime/formats.ts and to the format tables of scripts/compile/schema-compiler.mjs`,
      );
    }
    return out;
  }

  /**
   * @param {Schema} s
   * @param {string} v
   * @param {string} path
   * @returns {string[]}
   */
  numberChecks(s, v, path) {
    const out = [];
    const bound = (/** @type {string} */ keyword, /** @type {string} */ operator) => {
      if (typeof s[keyword] === "number")
        out.push(`if (${v} ${operator} ${s[keyword]}) ${this.fail(path, keyword, `{ limit: ${s[keyword]} }`)}`);
    };
    bound("minimum", "<");
    bound("maximum", ">");
    bound("exclusiveMinimum", "<=");
    bound("exclusiveMaximum", ">=");
    if (typeof s.multipleOf === "number")
      out.push(
        `if (!Number.isInteger(${v} / ${s.multipleOf})) ${this.fail(path, "multipleOf", `{ multipleOf: ${s.multipleOf} }`)}`,
      );
    const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    const integers = types.length > 0 && types.every((/** @type {string} */ t) => t === "integer" || t === "null");
    if (typeof s.format === "string" && Object.hasOwn(NUMBER_FORMATS, s.format)) {
      const check = NUMBER_FORMATS[/** @type {keyof typeof NUMBER_FORMATS} */ (s.format)];
      // int64 holds for every integer: the type check already did its work.
      if (check && !(check === "isInt64" && integers))
        out.push(
          `if (!${this.module.use(check)}(${v})) ${this.fail(path, "format", `{ format: ${JSON.stringify(s.format)} }`)}`,
        );
    }
    return out;
  }

  /**
   * @param {Schema} s
   * @param {string} v
   * @param {string} path
   * @returns {string[]}
   */
  arrayChecks(s, v, path) {
    const out = [];
    if (typeof s.minItems === "number")
      out.push(`if (${v}.length < ${s.minItems}) ${this.fail(path, "minItems", `{ limit: ${s.minItems} }`)}`);
    if (typeof s.maxItems === "number")
      out.push(`if (${v}.length > ${s.maxItems}) ${this.fail(path, "maxItems", `{ limit: ${s.maxItems} }`)}`);
    const listed = this.listedItems(s);
    if (listed) {
      out.push(`if (!${listed}(${v}, e, e && ${path}, d + 1, ${v})) { if (!e) return false; ok = false; }`);
    } else if (s.items !== undefined && s.items !== true) {
      const i = this.variable("i");
      const item = this.variable("v");
      const inner = this.emit(s.items, item, `${joinPath(path, "/")} + ${i}`);
      if (inner.length > 0)
        out.push(`for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {`, `const ${item} = ${v}[${i}];`, ...inner, "}");
    }
    return out;
  }

  /**
   * The function checking a whole array at once: for a list that may be long (a page: no `maxItems`
   * or above LONG_LIST) whose items are a `$ref` alone (annotations aside) to a component that is
   * called rather than checked in place, and that can take a list.
   * @param {Schema} array
   */
  listedItems(array) {
    const items = array.items;
    if (typeof array.maxItems === "number" && array.maxItems <= LONG_LIST) return undefined;
    if (!items || typeof items !== "object" || Array.isArray(items)) return undefined;
    const s = /** @type {Schema} */ (items);
    if (typeof s.$ref !== "string" || this.module.leaf?.(s.$ref) !== undefined) return undefined;
    const alone = Object.keys(s).every((key) => key === "$ref" || ANNOTATIONS.has(key) || key.startsWith("x-"));
    return alone ? this.module.listRef?.(s.$ref) : undefined;
  }

  /**
   * @param {Schema} s
   * @param {string} v
   * @param {string} path
   * @returns {string[]}
   */
  objectChecks(s, v, path) {
    const out = [];
    const properties = s.properties && typeof s.properties === "object" ? s.properties : {};
    const required = Array.isArray(s.required) ? s.required : [];
    if (required.length === 1) {
      out.push(
        `if (${readProperty(v, required[0])} === undefined) ${this.fail(path, "required", `{ missingProperty: ${JSON.stringify(required[0])} }`)}`,
      );
    } else if (required.length > 1) {
      // One test on the fast path; the runtime's `missing` reports each absent name.
      const test = required.map((name) => `${readProperty(v, name)} === undefined`).join(" || ");
      const names = this.module.constant(JSON.stringify(required));
      out.push(
        `if (${test}) { if (!e) return false; ok = ${this.module.use("missing")}(e, ${v}, ${path}, ${names}); }`,
      );
    }
    /** @type {Map<string, string>} a format-checked property schema (formatKey) -> the first property with it */
    const formatted = new Map();
    for (const [name, sub] of Object.entries(properties)) {
      const item = this.variable("v");
      const inner = this.emit(sub, item, joinPath(path, `/${pointerSegment(name)}`));
      if (inner.length === 0) continue;
      const key = formatKey(sub, this.module.leaf);
      const earlier = key === undefined ? undefined : formatted.get(key);
      if (key !== undefined && earlier === undefined) formatted.set(key, name);
      // The same value as an earlier property of the same schema (`updated_at` of a record never
      // updated, equal to its `created_at`) has its verdict: on the fast path, valid, as we got here.
      const same = earlier === undefined ? "" : ` && (e || ${item} !== ${readProperty(v, earlier)})`;
      out.push(`{ const ${item} = ${readProperty(v, name)};`, `if (${item} !== undefined${same}) {`, ...inner, "} }");
    }
    if (s.dependentRequired && typeof s.dependentRequired === "object") {
      for (const [name, needs] of Object.entries(s.dependentRequired)) {
        for (const need of /** @type {string[]} */ (needs)) {
          out.push(
            `if (${readProperty(v, name)} !== undefined && ${readProperty(v, need)} === undefined) ${this.fail(path, "dependentRequired", `{ property: ${JSON.stringify(name)}, missingProperty: ${JSON.stringify(need)} }`)}`,
          );
        }
      }
    }
    const counted = typeof s.maxProperties === "number" || typeof s.minProperties === "number";
    if (counted) {
      const count = this.variable("n");
      out.push(`const ${count} = Object.keys(${v}).length;`);
      if (typeof s.maxProperties === "number")
        out.push(
          `if (${count} > ${s.maxProperties}) ${this.fail(path, "maxProperties", `{ limit: ${s.maxProperties} }`)}`,
        );
      if (typeof s.minProperties === "number")
        out.push(
          `if (${count} < ${s.minProperties}) ${this.fail(path, "minProperties", `{ limit: ${s.minProperties} }`)}`,
        );
    }
    if (s.additionalProperties !== undefined && s.additionalProperties !== true) {
      const names = Object.keys(properties);
      const key = this.variable("k");
      const known =
        names.length === 0
          ? "false"
          : names.length <= 8
            ? names.map((n) => `${key} === ${JSON.stringify(n)}`).join(" || ")
            : `${this.module.constant(`new Set(${JSON.stringify(names)})`)}.has(${key})`;
      const inner =
        s.additionalProperties === false
          ? [this.fail(path, "additionalProperties", `{ additionalProperty: ${key} }`)]
          : this.emit(
              s.additionalProperties,
              `${v}[${key}]`,
              `${joinPath(path, "/")} + ${this.module.use("pointerSegment")}(${key})`,
            );
      if (inner.length > 0)
        out.push(`for (const ${key} of Object.keys(${v})) {`, `if (${known}) continue;`, ...inner, "}");
    }
    return out;
  }

  /**
   * allOf inline; anyOf, oneOf, not and if through functions of their own (their failures must not return).
   * @param {Schema} s
   * @param {string} v
   * @param {string} path
   * @returns {string[]}
   */
  combinators(s, v, path) {
    const out = [];
    for (const sub of Array.isArray(s.allOf) ? s.allOf : []) out.push(...this.emit(sub, v, path));
    const branchFunctions = (/** @type {unknown[]} */ list, /** @type {string} */ keyword) =>
      list.map((sub, index) => this.module.compileFunction(sub, { where: `${this.where} ${keyword}[${index}]` }));
    // The branch a value names explains its failure alone, by a discriminator or one the branches imply;
    // the union's own error ("matches none") would only repeat it. Otherwise every branch explains.
    const explainBranches = (
      /** @type {unknown[]} */ branches,
      /** @type {string[]} */ fns,
      /** @type {string} */ union,
    ) =>
      this.discriminated(s, fns, v, path) ??
      this.implied(branches, fns, v, path) ??
      `${fns.map((fn) => `${fn}(${v}, e, ${path}, d);`).join(" ")} ${union}`;
    if (Array.isArray(s.anyOf)) {
      const fns = branchFunctions(s.anyOf, "anyOf");
      const test = fns.map((fn) => `${fn}(${v}, null, "", d)`).join(" || ");
      out.push(
        `if (!(${test})) { if (e === null) return false; ok = false; { ${explainBranches(s.anyOf, fns, `e.add(${path}, "anyOf", {});`)} } }`,
      );
    }
    if (Array.isArray(s.oneOf)) {
      const fns = branchFunctions(s.oneOf, "oneOf");
      const count = this.variable("n");
      const none = `e.add(${path}, "oneOf", { passing: 0 });`;
      out.push(
        `{ let ${count} = 0;`,
        ...fns.map((fn) => `if (${fn}(${v}, null, "", d)) ${count}++;`),
        `if (${count} !== 1) { if (e === null) return false; ok = false; if (${count} === 0) { ${explainBranches(s.oneOf, fns, none)} } else e.add(${path}, "oneOf", { passing: ${count} }); } }`,
      );
    }
    if (s.not !== undefined) {
      const fn = this.module.compileFunction(s.not, { where: `${this.where} not` });
      out.push(`if (${fn}(${v}, null, "", d)) ${this.fail(path, "not")}`);
    }
    if (s.if !== undefined) {
      const fn = this.module.compileFunction(s.if, { where: `${this.where} if` });
      const then = this.emit(s.then, v, path);
      const otherwise = this.emit(s.else, v, path);
      if (then.length > 0 || otherwise.length > 0)
        out.push(`if (${fn}(${v}, null, "", d)) {`, ...then, "} else {", ...otherwise, "}");
    }
    return out;
  }

  /**
   * With a discriminator whose value names a branch (by its mapping or the branch's `$ref` name), only
   * that branch's errors explain the failure.
   * @param {Schema} s
   * @param {string[]} fns
   * @param {string} v
   * @param {string} path
   */
  discriminated(s, fns, v, path) {
    const property = s.discriminator?.propertyName;
    if (typeof property !== "string") return undefined;
    const branches = s.oneOf ?? s.anyOf;
    /** @type {Map<string, number>} */
    const byValue = new Map();
    for (const [value, ref] of Object.entries(s.discriminator.mapping ?? {})) {
      const index = branches.findIndex((/** @type {Schema} */ b) => b?.$ref === ref);
      if (index >= 0) byValue.set(value, index);
    }
    if (byValue.size === 0) return undefined;
    return this.selectBranch({ property, byValue, absent: [] }, fns, v, path);
  }

  /**
   * A union without a discriminator whose branches tell themselves apart as a discriminator would
   * (impliedDiscriminator) is explained the same way: by the branch the value names.
   * @param {unknown[]} branches
   * @param {string[]} fns
   * @param {string} v
   * @param {string} path
   */
  implied(branches, fns, v, path) {
    const found = this.module.target ? impliedDiscriminator(branches, this.module.target) : undefined;
    return found ? this.selectBranch(found, fns, v, path) : undefined;
  }

  /**
   * The statements explaining a union by one branch: the one its property's value names, the branches
   * that forbid the property when it is absent, else the values the property may take.
   * @param {{ property: string, byValue: Map<string, number>, absent: number[] }} selector
   * @param {string[]} fns
   * @param {string} v
   * @param {string} path
   */
  selectBranch({ property, byValue, absent }, fns, v, path) {
    const tag = this.variable("t");
    const cases = [...byValue].map(
      ([value, index]) => `case ${JSON.stringify(value)}: ${fns[index]}(${v}, e, ${path}, d); break;`,
    );
    if (absent.length > 0)
      cases.push(`case undefined: ${absent.map((index) => `${fns[index]}(${v}, e, ${path}, d);`).join(" ")} break;`);
    return `const ${tag} = ${this.module.use("isRecord")}(${v}) ? ${readProperty(v, property)} : undefined; switch (${tag}) { ${cases.join(" ")} default: e.add(${joinPath(path, `/${pointerSegment(property)}`)}, "discriminator", { property: ${JSON.stringify(property)}, allowedValues: ${this.module.constant(JSON.stringify([...byValue.keys()]))} }); }`;
  }
}

/**
 * A property schema whose check includes a string format's (in place, or in the small component it
 * names), as a key that two such schemas share when they check the same (their annotations aside);
 * undefined for any other schema.
 * @param {unknown} schema
 * @param {((ref: string) => Schema | undefined) | undefined} leaf
 */
function formatKey(schema, leaf) {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return undefined;
  const s = /** @type {Schema} */ (schema);
  const checked = (/** @type {Schema | undefined} */ node) =>
    typeof node?.format === "string" &&
    Object.hasOwn(STRING_FORMATS, node.format) &&
    STRING_FORMATS[/** @type {keyof typeof STRING_FORMATS} */ (node.format)] !== undefined;
  if (!checked(s) && !(typeof s.$ref === "string" && checked(leaf?.(s.$ref)))) return undefined;
  return JSON.stringify(Object.entries(s).filter(([key]) => !ANNOTATIONS.has(key)));
}

/**
 * A branch's own object shape, its `$ref` followed and its `allOf` members merged (shallow): the
 * properties it declares and those it requires.
 * @param {unknown} schema
 * @param {(ref: string) => unknown} target
 * @returns {{ properties: Record<string, unknown>, required: Set<string> }}
 */
function shapeOf(schema, target, depth = 0) {
  /** @type {{ properties: Record<string, unknown>, required: Set<string> }} */
  const shape = { properties: {}, required: new Set() };
  if (!schema || typeof schema !== "object" || Array.isArray(schema) || depth > 8) return shape;
  const s = /** @type {Schema} */ (schema);
  const parts = [...(typeof s.$ref === "string" ? [target(s.$ref)] : []), ...(Array.isArray(s.allOf) ? s.allOf : [])];
  for (const part of parts) {
    const inner = shapeOf(part, target, depth + 1);
    Object.assign(shape.properties, inner.properties);
    for (const name of inner.required) shape.required.add(name);
  }
  if (s.properties && typeof s.properties === "object") Object.assign(shape.properties, s.properties);
  for (const name of Array.isArray(s.required) ? s.required : []) shape.required.add(name);
  return shape;
}

/**
 * The string values a property's schema allows when it lists them (`const`, or an `enum` of strings).
 * @param {unknown} schema
 * @param {(ref: string) => unknown} target
 * @returns {string[] | undefined}
 */
function tagValues(schema, target) {
  if (!schema || typeof schema !== "object") return undefined;
  const own = /** @type {Schema} */ (schema);
  const s = /** @type {Schema} */ (typeof own.$ref === "string" ? target(own.$ref) : own);
  if (!s || typeof s !== "object") return undefined;
  if (typeof s.const === "string") return [s.const];
  if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((/** @type {unknown} */ x) => typeof x === "string"))
    return s.enum;
  return undefined;
}

/**
 * The discriminator a union's branches imply without naming one: a property that each branch either
 * requires with values of its own (`const` or a string `enum`, no value shared with another branch) or
 * forbids (`false`, the branches for a value without it). OpenAPI 3.1's discriminator cannot say the
 * second (it needs the property in every branch); the branches' own schemas can.
 * @param {unknown[]} branches
 * @param {(ref: string) => unknown} target
 * @returns {{ property: string, byValue: Map<string, number>, absent: number[] } | undefined}
 */
export function impliedDiscriminator(branches, target) {
  const shapes = branches.map((branch) => shapeOf(branch, target));
  const first = shapes.find((shape) => shape.required.size > 0);
  for (const property of first?.required ?? []) {
    /** @type {Map<string, number>} */
    const byValue = new Map();
    /** @type {number[]} */
    const absent = [];
    const fits = shapes.every((shape, index) => {
      if (shape.properties[property] === false) {
        absent.push(index);
        return true;
      }
      const values = shape.required.has(property) ? tagValues(shape.properties[property], target) : undefined;
      if (!values || values.some((value) => byValue.has(value))) return false;
      for (const value of values) byValue.set(value, index);
      return true;
    });
    if (fits && byValue.size > 0) return { property, byValue, absent };
  }
  return undefined;
}

/** Every validating keyword the compiler handles. */
const KNOWN = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "items",
  "properties",
  "required",
  "additionalProperties",
  "dependentRequired",
  "maxProperties",
  "minProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
]);

/**
 * The component functions of one document, compiled on first use into the document's module; each
 * operation module imports the ones it calls.
 */
export class DocumentCompiler {
  /** @param {Schema} document the bundle */
  constructor(document) {
    this.document = document;
    /** @type {Map<string, string>} `$ref` -> function name */
    this.names = new Map();
    /** @type {Set<string>} */
    this.taken = new Set();
    this.module = new ModuleCode({
      prefix: "d",
      resolveRef: (ref) => this.component(ref),
      leaf: (ref) => this.leaf(ref),
      target: (ref) => this.target(ref),
      listRef: (ref) => this.listed(ref),
    });
  }

  /**
   * The function of a `$ref`, marked to check whole arrays too; none for a recursive component.
   * @param {string} ref
   * @returns {string | undefined}
   */
  listed(ref) {
    const name = this.component(ref);
    return this.module.list(name) ? name : undefined;
  }

  /** @param {string} ref */
  target(ref) {
    if (!ref.startsWith("#/")) throw new CompileError(`the $ref ${ref} is not local to the bundle`);
    let node = this.document;
    for (const part of ref.slice(2).split("/")) {
      const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
      node = node && typeof node === "object" && Object.hasOwn(node, key) ? node[key] : undefined;
    }
    if (node === undefined) throw new CompileError(`the $ref ${ref} points nowhere`);
    return node;
  }

  /**
   * Whether a component refers back to itself, directly or through others.
   * @param {string} ref
   */
  recursive(ref) {
    /** @type {Set<string>} */
    const seen = new Set();
    const pending = [this.target(ref)];
    while (pending.length > 0) {
      const node = pending.pop();
      if (Array.isArray(node)) pending.push(...node);
      else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") {
            if (value === ref) return true;
            if (!seen.has(value)) {
              seen.add(value);
              pending.push(this.target(value));
            }
          } else if (key !== "enum" && key !== "const" && key !== "examples" && key !== "example") pending.push(value);
        }
      }
    }
    return false;
  }

  /**
   * The schema of a `$ref` small enough, and free of references, to be checked where it is used.
   * @param {string} ref
   */
  leaf(ref) {
    const target = this.target(ref);
    const json = JSON.stringify(target);
    return json.length <= LEAF_MAX_LENGTH && !json.includes('"$ref"') ? target : undefined;
  }

  /**
   * The function name of a `$ref`, compiled into the document module on first use.
   * @param {string} ref
   */
  component(ref) {
    const known = this.names.get(ref);
    if (known) return known;
    const parts = ref
      .slice(2)
      .split("/")
      .filter((part, index) => !(index === 0 && part === "components") && !(index === 1 && part === "schemas"));
    const base = `s_${parts.join("_").replace(/[^A-Za-z0-9_]/g, "_")}`;
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`;
    this.taken.add(name);
    this.names.set(ref, name);
    // Only a component that can reach itself can nest without bound: it alone counts the depth.
    this.module.compileFunction(this.target(ref), { name, component: this.recursive(ref), where: ref });
    return name;
  }

  /**
   * Counts the subschemas of the operations' schemas (`roots`) by their JSON: those that occur more
   * than once, and are not tiny, are compiled once into the document module and shared.
   * @param {unknown[]} roots schemas compiled as functions of their own
   * @param {unknown[]} [shareable] schemas compiled as functions of their own, or shared when repeated
   */
  countShared(roots, shareable = []) {
    /** @type {Map<string, number>} */
    this.occurrences = new Map();
    /** @type {Map<string, string>} */
    this.sharedNames = new Map();
    const visit = (/** @type {unknown} */ node, /** @type {boolean} */ root) => {
      if (!node || typeof node !== "object" || Array.isArray(node)) return;
      const key = JSON.stringify(node);
      if (!root && key.length >= SHARED_MIN_LENGTH) this.occurrences?.set(key, (this.occurrences.get(key) ?? 0) + 1);
      for (const sub of subschemas(/** @type {Schema} */ (node))) visit(sub, false);
    };
    for (const root of roots) visit(root, true);
    for (const schema of shareable) visit(schema, false);
  }

  /**
   * The document module's function of a subschema shared by several operations, if it is one.
   * @param {Schema} schema
   */
  shared(schema) {
    const key = JSON.stringify(schema);
    if ((this.occurrences?.get(key) ?? 0) < 2) return undefined;
    let name = this.sharedNames?.get(key);
    if (!name) {
      name = `s__${this.sharedNames?.size ?? 0}`;
      this.sharedNames?.set(key, name);
      this.module.compileFunction(schema, { name, where: `a schema shared by operations (${name})` });
    }
    return name;
  }

  /** A module of an operation: its own functions, calling the document's components and shared schemas. */
  operationModule() {
    /** @type {ModuleCode} */
    const module = new ModuleCode({
      prefix: "",
      resolveRef: (ref) => {
        const name = this.component(ref);
        module.imports.add(name);
        return name;
      },
      leaf: (ref) => this.leaf(ref),
      target: (ref) => this.target(ref),
      listRef: (ref) => {
        const name = this.listed(ref);
        if (name) module.imports.add(name);
        return name;
      },
      hoist: (schema) => {
        const name = this.shared(schema);
        if (name) module.imports.add(name);
        return name;
      },
    });
    return module;
  }
}
