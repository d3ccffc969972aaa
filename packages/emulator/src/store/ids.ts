// New ids in the shapes of the spec's id schemas, as long as the examples: lower-case base 36
// (EntityId), digits (NumericId) or `<kind>_<digits>` (MediaKey). Drawn from a seeded generator whose
// state is part of the snapshot, so a restored emulator issues the same ids.

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** xorshift32: small, deterministic, and enough to scatter ids. */
export function nextRandom(state: { seed: number }): number {
  let x = state.seed | 0 || 0x9e3779b9;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  state.seed = x >>> 0;
  return state.seed;
}

export function newId(shape: string, length: number, state: { seed: number }): string {
  const alphabet = shape === "EntityId" ? BASE36 : "0123456789";
  // No leading zero: the examples have none.
  let id = shape === "MediaKey" ? "" : alphabet.charAt(1 + (nextRandom(state) % (alphabet.length - 1)));
  const digits = shape === "MediaKey" ? 18 : Math.max(length, 2);
  while (id.length < digits) id += alphabet.charAt(nextRandom(state) % alphabet.length);
  return shape === "MediaKey" ? `3_${id}` : id;
}
