// String length in code points and deep equality, as JSON Schema defines them: small, and checked
// against Ajv's own helpers by test vectors (test/helpers.test.ts).

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

/** Deep equality of JSON values (enum, const, x-rules comparisons), without recursion: any depth. */
export function equal(a: unknown, b: unknown): boolean {
  const pending: [unknown, unknown][] = [[a, b]];
  while (pending.length > 0) {
    const [left, right] = pending.pop() as [unknown, unknown];
    if (left === right) continue;
    if (!left || !right || typeof left !== "object" || typeof right !== "object") {
      if (Number.isNaN(left) && Number.isNaN(right)) continue;
      return false;
    }
    if (Array.isArray(left) !== Array.isArray(right)) return false;
    if (Array.isArray(left)) {
      const other = right as unknown[];
      if (left.length !== other.length) return false;
      for (let i = 0; i < left.length; i++) pending.push([left[i], other[i]]);
      continue;
    }
    const l = left as Record<string, unknown>;
    const r = right as Record<string, unknown>;
    const keys = Object.keys(l);
    if (keys.length !== Object.keys(r).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(r, key)) return false;
      pending.push([l[key], r[key]]);
    }
  }
  return true;
}
