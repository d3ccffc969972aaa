// Anchored patterns made of literal characters and bracket classes (`^[0-9a-z]+$`, `^[A-Z]{3}$`) as
// character loops: each id and code in a long list is checked against one, and a loop is several times
// faster than a RegExp. Any other pattern stays a RegExp.

/** @typedef {[low: number, high: number][]} Ranges UTF-16 code unit ranges, both ends included */
/** @typedef {{ ranges: Ranges, min: number, max: number }} Atom */

/**
 * One atom of a simple pattern: UTF-16 code unit ranges and how often they repeat.
 * @param {string} source
 * @returns {Atom[] | undefined}
 */
function parseSimplePattern(source) {
  if (!source.startsWith("^") || !source.endsWith("$")) return undefined;
  /** @type {Atom[]} */
  const atoms = [];
  let index = 1;
  const end = source.length - 1;
  while (index < end) {
    /** @type {Ranges} */
    let ranges;
    const char = source.charAt(index);
    if (char === "[") {
      const close = source.indexOf("]", index);
      if (close < 0) return undefined;
      const body = source.slice(index + 1, close);
      if (body === "" || body.startsWith("^") || body.includes("\\") || body.includes("[")) return undefined;
      ranges = [];
      for (let i = 0; i < body.length; i++) {
        const low = body.charCodeAt(i);
        if (body[i + 1] === "-" && i + 2 < body.length) {
          ranges.push([low, body.charCodeAt(i + 2)]);
          i += 2;
        } else {
          ranges.push([low, low]);
        }
      }
      index = close + 1;
    } else if (/[A-Za-z0-9_\-:,/#@ ]/.test(char)) {
      ranges = [[char.charCodeAt(0), char.charCodeAt(0)]];
      index++;
    } else {
      return undefined;
    }
    let min = 1;
    let max = 1;
    const quantifier = /^(?:\{(\d+)(?:(,)(\d*))?\}|[*+?])/.exec(source.slice(index, end));
    if (quantifier) {
      const [text, low, comma, high] = quantifier;
      if (text === "*") [min, max] = [0, Infinity];
      else if (text === "+") [min, max] = [1, Infinity];
      else if (text === "?") [min, max] = [0, 1];
      else {
        min = Number(low);
        max = comma === undefined ? min : high === "" ? Infinity : Number(high);
      }
      index += text.length;
      if (source[index] === "?" || source[index] === "+") return undefined; // lazy or possessive
    }
    atoms.push({ ranges, min, max });
  }
  // Matching without backtracking needs every atom but the last to have a fixed length.
  if (atoms.length === 0 || atoms.slice(0, -1).some((atom) => atom.min !== atom.max)) return undefined;
  return atoms;
}

/**
 * @param {Ranges} ranges
 * @param {string} variable
 */
function rangeTest(ranges, variable) {
  return ranges
    .map(([low, high]) =>
      low === high ? `${variable} === ${low}` : `(${variable} >= ${low} && ${variable} <= ${high})`,
    )
    .join(" || ");
}

/**
 * The source of a matcher object (`{ test(text) }`) equivalent to `new RegExp(source, "")` for an
 * anchored sequence of literal characters and bracket classes, every one but the last of fixed
 * length; undefined for any other pattern (which stays a RegExp).
 * @param {string} source
 */
export function simplePatternMatcher(source) {
  const atoms = parseSimplePattern(source);
  const last = atoms?.at(-1);
  if (!atoms || !last) return undefined;
  const fixed = atoms.slice(0, -1);
  const prefix = fixed.reduce((sum, atom) => sum + atom.min, 0);
  const lines = [];
  const minLength = prefix + last.min;
  const maxLength = prefix + last.max;
  lines.push(
    maxLength === minLength
      ? `if (s.length !== ${minLength}) return false;`
      : maxLength === Infinity
        ? `if (s.length < ${minLength}) return false;`
        : `if (s.length < ${minLength} || s.length > ${maxLength}) return false;`,
  );
  lines.push("let c = 0;");
  let position = 0;
  for (const atom of fixed) {
    for (let i = 0; i < atom.min; i++) {
      lines.push(`c = s.charCodeAt(${position++}); if (!(${rangeTest(atom.ranges, "c")})) return false;`);
    }
  }
  lines.push(
    `for (let i = ${position}; i < s.length; i++) { c = s.charCodeAt(i); if (!(${rangeTest(last.ranges, "c")})) return false; }`,
  );
  lines.push("return true;");
  return `{ test(s) { ${lines.join(" ")} } }`;
}

/**
 * A JS expression testing the string in `v` against a short fixed-length simple pattern (`^[A-Z]{3}$`),
 * checked in place with no call; undefined for any other pattern.
 * @param {string} source
 * @param {string} v a variable holding a string
 */
export function simplePatternExpression(source, v) {
  const atoms = parseSimplePattern(source);
  if (!atoms || atoms.some((atom) => atom.min !== atom.max)) return undefined;
  const length = atoms.reduce((sum, atom) => sum + atom.min, 0);
  if (length === 0 || length > 8) return undefined;
  const tests = [`${v}.length === ${length}`];
  let position = 0;
  for (const atom of atoms) {
    for (let i = 0; i < atom.min; i++) tests.push(`(${rangeTest(atom.ranges, `${v}.charCodeAt(${position++})`)})`);
  }
  return tests.join(" && ");
}
