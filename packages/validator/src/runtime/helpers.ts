// The few helpers that Ajv's standalone code calls at run time, inlined so that the generated
// validators import nothing from Ajv (no compiler, no CommonJS) and run under a strict CSP.
// Each is small and checked against Ajv's own helpers by test vectors (test/helpers.test.ts).

export { formats } from "./formats.js";

/** Length in Unicode code points, as JSON Schema counts string lengths (surrogate pairs count once). */
export function ucs2length(text: string): number {
  let length = 0;
  let index = 0;
  while (index < text.length) {
    length++;
    const code = text.charCodeAt(index++);
    if (code >= 0xd800 && code <= 0xdbff && index < text.length) {
      const next = text.charCodeAt(index);
      if ((next & 0xfc00) === 0xdc00) index++;
    }
  }
  return length;
}

/** Deep equality of JSON values (enum, const, uniqueItems). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], other[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(right, key) || !equal(left[key], right[key])) return false;
  }
  return true;
}
