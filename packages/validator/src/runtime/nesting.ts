// How deep a body nests, measured without recursion and, for text, before parsing: a request body
// nested past MAX_DEPTH is refused at the door, so that nothing downstream (JSON.parse, a recursive
// JSON.stringify, a store) meets it.
// Depth counts arrays and objects, the outermost at level 1: `[]` is 1 deep, `[{"a":[1]}]` 3, `1` 0.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when JSON text nests deeper than `limit`: one pass over the characters, skipping string
 * contents (with their escapes). Text that is not JSON is measured all the same; parsing judges it.
 */
export function textNestsDeeper(text: string, limit: number): boolean {
  // Nesting past the limit takes more than `limit` opening brackets.
  if (text.length <= limit) return false;
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // The string ends at the next quote after an even run of backslashes. indexOf skips string
      // contents natively: faster than a charCode loop, short strings and long, unless dense with escapes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return false;
        let before = end - 1;
        while (text.charCodeAt(before) === BACKSLASH) before--;
        if ((end - before) % 2 === 1) break;
      }
      i = end;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** True when a value (own enumerable properties, array items) nests deeper than `limit`. */
export function valueNestsDeeper(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (limit < 1) return true;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const node = values.pop() as object;
    const depth = (depths.pop() as number) + 1;
    const items: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (typeof item !== "object" || item === null) continue;
      if (depth > limit) return true;
      values.push(item);
      depths.push(depth);
    }
  }
  return false;
}
