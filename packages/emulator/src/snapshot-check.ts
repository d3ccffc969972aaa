// A small checker of JSON values against schemas written as code: each check says what a value must be,
// and reports the first value that is not, with its path. Schemas are fixed and shallow; values of open
// shape are walked by `json` with a loop, to a depth limit, so that hostile input cannot overflow the stack.
import { MAX_DEPTH } from "@xads/validator";

export type Segment = string | number;

/** The first value that failed a check: why, and where (each enclosing check adds its segment on the way out). */
export class Mismatch {
  /** The path, innermost segment first. */
  readonly #segments: Segment[] = [];

  /** `expected`: set when the value is not of the kind a check wants (rather than a part of it wrong). */
  constructor(
    readonly problem: string,
    readonly expected?: string,
  ) {}

  at(segment: Segment): this {
    this.#segments.push(segment);
    return this;
  }

  /** Whether the mismatch is the checked value itself (not one of its parts). */
  get isRoot(): boolean {
    return this.#segments.length === 0;
  }

  /** The JSON path of the value, as JavaScript would read it: `store.records.campaign[3].data.id`. */
  get path(): string {
    let path = "";
    for (let i = this.#segments.length - 1; i >= 0; i--)
      path += formatSegment(this.#segments[i] as Segment, path === "");
    return path;
  }
}

export interface Check<T> {
  (value: unknown): Mismatch | undefined;
  /** What a passing value is, in words: "a string". */
  readonly expected: string;
  /** Never set: it carries the type of a passing value, so that a schema can be checked against a type. */
  readonly passes?: T;
}

export type Checked<C> = C extends Check<infer T> ? T : never;

function check<T>(expected: string, test: (value: unknown) => Mismatch | undefined): Check<T> {
  return Object.assign(test, { expected });
}

export const mismatch = (expected: string, value: unknown): Mismatch =>
  new Mismatch(`must be ${expected} (got ${describe(value)})`, expected);

function is<T>(expected: string, test: (value: unknown) => boolean): Check<T> {
  return check(expected, (value) => (test(value) ? undefined : mismatch(expected, value)));
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export const string = is<string>("a string", (value) => typeof value === "string");
export const nonEmptyString = is<string>("a non-empty string", (value) => typeof value === "string" && value !== "");
export const boolean = is<boolean>("a boolean", (value) => typeof value === "boolean");
export const integer = is<number>("an integer", Number.isInteger);
export const finiteNumber = is<number>("a finite number", Number.isFinite);
export const array = is<unknown[]>("an array", Array.isArray);
export const plainObject = is<Record<string, unknown>>("an object", isPlainObject);

/** An integer that counts exactly (within ±(2^53 - 1)), from `min` on when given. */
export const safeInteger = (min = Number.MIN_SAFE_INTEGER): Check<number> =>
  is(
    min === Number.MIN_SAFE_INTEGER ? "a safe integer" : `a safe integer >= ${min}`,
    (value) => Number.isSafeInteger(value) && (value as number) >= min,
  );

export const between = (min: number, max: number): Check<number> =>
  is(`a number from ${min} to ${max}`, (value) => typeof value === "number" && value >= min && value <= max);

export const literal = <const T extends string | number | boolean>(expected: T): Check<T> =>
  is(JSON.stringify(expected), (value) => value === expected);

export function nullable<T>(inner: Check<T>): Check<T | null> {
  const expected = `null or ${inner.expected}`;
  return check(expected, (value) => {
    if (value === null) return undefined;
    const problem = inner(value);
    return problem?.isRoot && problem.expected !== undefined ? mismatch(expected, value) : problem;
  });
}

/** Both checks, in turn (the first one says what the value is). */
export function all<A, B>(first: Check<A>, second: Check<B>): Check<A & B> {
  return check(first.expected, (value) => first(value) ?? second(value));
}

export function arrayOf<T>(item: Check<T>): Check<T[]> {
  return check("an array", (value) => {
    if (!Array.isArray(value)) return mismatch("an array", value);
    for (let i = 0; i < value.length; i++) {
      const problem = item(value[i]);
      if (problem) return problem.at(i);
    }
    return undefined;
  });
}

/** An object used as a map: each entry's value passes the check its key chooses (or the key is refused). */
export function recordBy<T>(checkFor: (key: string) => Check<T> | Mismatch): Check<Record<string, T>> {
  return check("an object", (value) => {
    if (!isPlainObject(value)) return mismatch("an object", value);
    for (const key of Object.keys(value)) {
      const entry = checkFor(key);
      const problem = entry instanceof Mismatch ? entry : entry(value[key]);
      if (problem) return problem.at(key);
    }
    return undefined;
  });
}

export const recordOf = <T>(entry: Check<T>): Check<Record<string, T>> => recordBy(() => entry);

type Fields = Record<string, Check<unknown>>;
type ObjectOf<R extends Fields, O extends Fields> = { [K in keyof R]: Checked<R[K]> } & {
  [K in keyof O]?: Checked<O[K]>;
};

/**
 * An object with the `required` fields and any of the `optional` ones; other fields pass `rest`, or are
 * refused without it. Fields are checked in the value's order, so the first problem is the first in the text.
 */
export function object<R extends Fields, O extends Fields = Record<never, never>>(
  required: R,
  options: { optional?: O; rest?: Check<unknown> } = {},
): Check<ObjectOf<R, O>> {
  const fields = new Map(Object.entries({ ...required, ...options.optional }));
  const requiredNames = Object.keys(required);
  const { rest } = options;
  const unknownField = `is not allowed here (the fields are ${[...fields.keys()].join(", ")})`;
  return check("an object", (value) => {
    if (!isPlainObject(value)) return mismatch("an object", value);
    for (const name of Object.keys(value)) {
      const field = fields.get(name) ?? rest;
      const problem = field ? field(value[name]) : new Mismatch(unknownField);
      if (problem) return problem.at(name);
    }
    for (const name of requiredNames) {
      if (!Object.hasOwn(value, name)) return missing(fields.get(name) as Check<unknown>).at(name);
    }
    return undefined;
  });
}

export const missing = (field: Check<unknown>): Mismatch => new Mismatch(`is missing (must be ${field.expected})`);

/**
 * Any JSON value (no functions, undefined or non-finite numbers; plain objects only), nesting at most
 * the validator's MAX_DEPTH arrays and objects deep (the outermost at level 1).
 */
export const json: Check<unknown> = check("JSON data", (value) =>
  typeof value === "object" && value !== null ? new JsonWalk().run(value) : jsonScalar(value),
);

const jsonScalar = (value: unknown): Mismatch | undefined =>
  value === null || typeof value === "string" || typeof value === "boolean" || Number.isFinite(value)
    ? undefined
    : mismatch("JSON data", value);

/** An array or object being walked: its entries are read in order, one at a time. */
interface Level {
  readonly container: Record<Segment, unknown>;
  readonly keys: readonly string[] | undefined;
  readonly size: number;
  next: number;
  readonly segment: Segment;
}

/** A depth-first walk of a JSON value with an explicit stack: the open levels are the current path. */
class JsonWalk {
  private readonly open: Level[] = [];
  /**
   * The depth each container was walked at. One met again no deeper needs no second walk, which keeps
   * shared values (a DAG) from costing exponential time; one met again deeper may be its own ancestor.
   */
  private readonly walkedAt = new Map<object, number>();

  run(root: object): Mismatch | undefined {
    let problem = this.enter(root, "");
    while (!problem && this.open.length > 0) {
      if (this.open.length > MAX_DEPTH) return new Mismatch(`nests deeper than ${MAX_DEPTH} levels`);
      const level = this.open[this.open.length - 1] as Level;
      if (level.next === level.size) {
        this.open.pop();
        continue;
      }
      const index = level.next++;
      const segment = level.keys ? (level.keys[index] as string) : index;
      const value = level.container[segment];
      problem = typeof value === "object" && value !== null ? this.enter(value, segment) : jsonScalar(value);
      if (problem) this.locate(problem, segment);
    }
    return problem;
  }

  private enter(value: object, segment: Segment): Mismatch | undefined {
    const depth = this.open.length + 1;
    const walked = this.walkedAt.get(value);
    if (walked !== undefined) {
      if (depth <= walked) return undefined;
      if (this.open.some((level) => level.container === value))
        return new Mismatch("must be JSON data (got a circular reference)");
    }
    this.walkedAt.set(value, depth);
    const container = value as Record<Segment, unknown>;
    if (Array.isArray(value)) this.open.push({ container, keys: undefined, size: value.length, next: 0, segment });
    else if (isPlainObject(value)) {
      const keys = Object.keys(value);
      this.open.push({ container, keys, size: keys.length, next: 0, segment });
    } else return mismatch("JSON data", value);
    return undefined;
  }

  /** Adds the path from the walk's root to the failed value (the root's own segment is the caller's). */
  private locate(problem: Mismatch, segment: Segment): void {
    problem.at(segment);
    for (let i = this.open.length - 1; i > 0; i--) problem.at((this.open[i] as Level).segment);
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function formatSegment(segment: Segment, first: boolean): string {
  if (typeof segment === "number") return `[${segment}]`;
  if (!IDENTIFIER.test(segment)) return `[${JSON.stringify(segment)}]`;
  return first ? segment : `.${segment}`;
}

/** A value as an error message shows it: short, and never its whole content. */
export function describe(value: unknown): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    case "bigint":
      return `${value}n`;
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    case "object":
      if (value === null) return "null";
      if (Array.isArray(value)) return "an array";
      if (isPlainObject(value)) return "an object";
      return describeInstance(value);
    default:
      return String(value);
  }
}

const VOWEL = /^[AEIOU]/;

/** "a Date", "an Error"; "an object with another prototype" when its constructor says no more. */
function describeInstance(value: object): string {
  const name: unknown = value.constructor?.name;
  if (typeof name !== "string" || name === "" || name === "Object") return "an object with another prototype";
  return `${VOWEL.test(name) ? "an" : "a"} ${name}`;
}
