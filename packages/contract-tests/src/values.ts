// Builds the values of bound and enum cases. Each builder takes `fits`, the test a value must pass (for
// a value at a bound: the whole schema; for one past it: every keyword but the bound, and not the bound),
// so a value that breaks another constraint (a pattern, a format, an enum) is never sent.

export type Fits = (value: unknown) => boolean;

const PAD_CHARACTERS = ["a", "0", "x", "A", "_", "-", "1", "z", "9"];

/** A string of exactly `length` characters that fits, grown or shrunk from `seed`; undefined if none is found. */
export function stringOfLength(seed: string, length: number, fits: Fits): string | undefined {
  if (length < 0) return undefined;
  if (seed.length === length && fits(seed)) return seed;
  const candidates: string[] = [];
  if (seed.length < length) {
    const n = length - seed.length;
    const characters = [...new Set([...seed, ...PAD_CHARACTERS])];
    for (let at = seed.length; at >= 0; at--) {
      for (const character of characters) candidates.push(seed.slice(0, at) + character.repeat(n) + seed.slice(at));
    }
  } else {
    const n = seed.length - length;
    for (let at = seed.length - n; at >= 0; at--) candidates.push(seed.slice(0, at) + seed.slice(at + n));
  }
  for (const character of PAD_CHARACTERS) candidates.push(character.repeat(length));
  return candidates.find((candidate) => candidate.length === length && fits(candidate));
}

/** `count` distinct variants of `seed` (same type) that each fit; undefined when not enough are found. */
export function distinctItems(seed: unknown, count: number, fits: Fits, choices?: unknown[]): unknown[] | undefined {
  const found: unknown[] = [];
  const seen = new Set<string>();
  const offer = (value: unknown) => {
    const key = JSON.stringify(value);
    if (found.length < count && !seen.has(key) && fits(value)) {
      seen.add(key);
      found.push(value);
    }
  };
  offer(seed);
  for (const choice of choices ?? []) offer(choice);
  for (let k = 1; found.length < count && k < count * 4 + 10; k++) {
    if (typeof seed === "number") offer(seed + k);
    else if (typeof seed === "string") {
      const tag = k.toString(36);
      offer(seed.slice(0, Math.max(seed.length - tag.length, 0)) + tag);
      offer(seed + tag);
      offer(`${tag}${seed}`.slice(0, Math.max(seed.length, tag.length)));
    } else if (seed && typeof seed === "object" && !Array.isArray(seed)) {
      const [key, value] = Object.entries(seed).find(([, v]) => typeof v === "string") ?? [];
      if (key && typeof value === "string") offer({ ...seed, [key]: value + k.toString(36) });
    }
  }
  return found.length === count ? found : undefined;
}

/** An array of `count` items built from `seed` (repeated, or distinct when the schema asks for unique items). */
export function arrayOfCount(
  seed: unknown,
  count: number,
  unique: boolean,
  fits: Fits,
  itemFits: Fits,
  choices?: unknown[],
): unknown[] | undefined {
  if (count < 0) return undefined;
  const items = unique ? distinctItems(seed, count, itemFits, choices) : Array.from({ length: count }, () => seed);
  return items && fits(items) ? items : undefined;
}

/** Rounds away binary noise (0.1 + 0.2) so a value reads as the bound it stands for. */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/** A number next to a limit: `limit + direction * step`, tidied. */
export function beside(limit: number, direction: 1 | -1, step: number): number {
  return tidy(limit + direction * step);
}

/** A value outside an enum that fits every other keyword of the schema; undefined if none is found. */
export function outsideEnum(values: unknown[], fits: Fits): unknown {
  const strings = values.filter((v): v is string => typeof v === "string");
  const numbers = values.filter((v): v is number => typeof v === "number");
  const candidates: unknown[] = [];
  if (strings.length > 0) {
    const first = strings[0] as string;
    candidates.push(
      "NOT_LISTED",
      "not_listed",
      `${first}X`,
      `${first}x`,
      `X${first}`,
      first.toLowerCase(),
      first.toUpperCase(),
      `${first}0`,
      first.slice(0, -1),
      "zz",
      "0",
    );
    // Same shape, one character changed: fits a pattern such as ^[a-z][0-9]$ that the words above break.
    for (let at = 0; at < first.length; at++) {
      const shifted = shiftCharacter(first[at] as string);
      if (shifted) candidates.push(first.slice(0, at) + shifted + first.slice(at + 1));
    }
  }
  if (numbers.length > 0) candidates.push(Math.max(...numbers) + 1, Math.min(...numbers) - 1);
  return candidates.find((candidate) => !values.includes(candidate) && fits(candidate));
}

/** The next character of the same class (a->b, z->a, 9->0, A->B), or undefined for other characters. */
function shiftCharacter(character: string): string | undefined {
  for (const [low, high] of [
    ["a", "z"],
    ["A", "Z"],
    ["0", "9"],
  ] as const) {
    if (character >= low && character <= high) {
      return character === high ? low : String.fromCharCode(character.charCodeAt(0) + 1);
    }
  }
  return undefined;
}
