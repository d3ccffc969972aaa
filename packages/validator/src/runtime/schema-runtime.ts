// What the compiled schema functions call at run time: the error sink of the slow path, the depth
// limit, own-property reads, and the format and length checks.

export { isByte, isDate, isDateTime, isEmail, isInt32, isInt64, isTime, isUri, isUuid } from "./formats.js";
export { equal, ucs2length } from "./helpers.js";

/**
 * The depth limit. A request body may nest at most this many arrays and objects deep (a deeper one
 * is refused before it is parsed); in a response, a value may nest at most this many component
 * schemas deep, a deeper one being an error naming the place, not a stack overflow.
 */
export const MAX_DEPTH = 100;

/** The most errors one validation lists, by default; the rest are counted. */
export const DEFAULT_MAX_ERRORS = 100;

export const hasOwn: (value: object, key: PropertyKey) => boolean = Object.hasOwn;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A property name as a JSON pointer segment. */
export function pointerSegment(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** One schema error: where (a JSON pointer), the keyword broken, and its parameters. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The first `max` errors of a validation in full; the rest only counted. */
export class CappedErrors<E> {
  readonly errors: E[] = [];
  omitted = 0;
  constructor(readonly max: number = DEFAULT_MAX_ERRORS) {}

  protected keep(error: E): void {
    if (this.errors.length < this.max) this.errors.push(error);
    else this.omitted++;
  }
}

/** Collects the schema errors of a failed validation (the compiled functions' slow path). */
export class ErrorSink extends CappedErrors<SchemaError> {
  /** Records an error; answers false, the validity of what failed. */
  add(instancePath: string, keyword: string, params: Record<string, unknown>): false {
    this.keep({ instancePath, keyword, params });
    return false;
  }
}

/** A compiled schema: `true` when `value` is valid; with a sink, records why not. */
export type SchemaFunction = (value: unknown, sink: ErrorSink | null, pointer: string, depth: number) => boolean;

/** Records each of `names` that `value` lacks as a `required` error; answers false. */
export function missing(
  sink: ErrorSink,
  value: Record<string, unknown>,
  pointer: string,
  names: readonly string[],
): false {
  for (const name of names) {
    if (!Object.hasOwn(value, name) || value[name] === undefined)
      sink.add(pointer, "required", { missingProperty: name });
  }
  return false;
}
