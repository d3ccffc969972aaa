// The compact form of a resource's records. Records built by create have the same fields in the same
// order, and most of their values are the resource's defaults (nulls, enums, empty lists), so a
// record keeps only the values in which it differs from one shared base record: packed as
// `[mask, ...values]`, where bit `i` of the mask says the record keeps a value for field `i`, and the
// values are in field order. Reading a record builds a new object from the base and the kept values.
import type { Data } from "./data.js";

/** A mask is a 32-bit int (which V8 keeps unboxed): one bit per field. */
const MAX_FIELDS = 32;

export type Packed = unknown[];

type Build = (base: readonly unknown[], packed: Packed, mask: number) => Data;

export class RecordLayout {
  private readonly keys: readonly string[];
  private readonly index: ReadonlyMap<string, number>;
  /** Per field, the value of a record that keeps none: deep-frozen, as every such record shares it. */
  private readonly base: readonly unknown[];
  private readonly build: Build;

  /** A layout for records shaped as `base` (its fields, in their order), or none if it cannot hold them. */
  static of(base: Data): RecordLayout | undefined {
    const keys = Object.keys(base);
    // A `__proto__` key would set the prototype in the compiled object literal instead of a field.
    if (keys.length > MAX_FIELDS || keys.includes("__proto__")) return undefined;
    return new RecordLayout(base);
  }

  private constructor(base: Data) {
    this.keys = Object.keys(base);
    this.index = new Map(this.keys.map((key, i) => [key, i]));
    this.base = this.keys.map((key) => deepFreeze(base[key]));
    this.build = compile(this.keys);
  }

  /**
   * `data` packed, or undefined when it does not have exactly the layout's fields in order. `adopt`
   * gives the record its own copy of a kept object value (a restore copies the snapshot's).
   */
  pack(data: unknown, adopt?: (value: unknown) => unknown): Packed | undefined {
    if (!isPlainObject(data)) return undefined;
    let mask = 0;
    let count = 0;
    let i = 0;
    // for-in reads each field by its place in the object; `data[this.keys[i]]` would look its name up.
    for (const key in data) {
      if (key !== this.keys[i]) return undefined;
      if (!same(data[key], this.base[i])) {
        mask |= 1 << i;
        count++;
      }
      i++;
    }
    if (i !== this.keys.length) return undefined;
    const packed: Packed = new Array(count + 1);
    packed[0] = mask;
    let next = 1;
    for (let field = 0; next <= count; field++) {
      if ((mask & (1 << field)) === 0) continue;
      const value = data[this.keys[field] as string];
      packed[next++] = adopt && typeof value === "object" && value !== null ? adopt(value) : value;
    }
    return packed;
  }

  /** The record `packed` holds: a new object, fields in the layout's order. */
  unpack(packed: Packed): Data {
    return this.build(this.base, packed, packed[0] as number);
  }

  /** One field of the record `packed` holds; undefined for a name that is not a field of the layout. */
  field(packed: Packed, name: string): unknown {
    const i = this.index.get(name);
    if (i === undefined) return undefined;
    const mask = packed[0] as number;
    if ((mask & (1 << i)) === 0) return this.base[i];
    return packed[1 + bitCount(mask & ((1 << i) - 1))];
  }
}

/**
 * An object literal with the layout's keys, each the next kept value if its bit is set, else the
 * base's: V8 builds it in one step with a shared hidden class, ten times as fast as setting the fields
 * one by one, and rules read records in loops. The keys are quoted with JSON.stringify; no value is part
 * of the source. Where code generation from strings is refused (workers, pages with a strict content
 * security policy), the fields are set one by one.
 */
function compile(keys: readonly string[]): Build {
  try {
    return compiledBuilder(keys);
  } catch {
    return interpretedBuilder(keys);
  }
}

export function compiledBuilder(keys: readonly string[]): Build {
  const fields = keys.map((key, i) => `${JSON.stringify(key)}: (m & ${1 << i}) !== 0 ? p[n++] : b[${i}]`);
  return new Function("b", "p", "m", `let n = 1;\nreturn { ${fields.join(", ")} };`) as Build;
}

export function interpretedBuilder(keys: readonly string[]): Build {
  return (base, packed, mask) => {
    const data: Data = {};
    let next = 1;
    for (let i = 0; i < keys.length; i++) data[keys[i] as string] = (mask & (1 << i)) !== 0 ? packed[next++] : base[i];
    return data;
  };
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

function isPlainObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Equal as JSON values: the same primitives, arrays and plain objects (keys in the same order). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  // Loops, not closures: a closure here would make every call allocate, and packing calls this per field.
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== other[i] || !same(a[key], b[key])) return false;
  }
  return true;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
