import { readFileSync } from "node:fs";
import type { Node } from "@xads/spec/lib/operations.mjs";
import { bundleFromDocument } from "../../src/bundle.js";

/** A small bundle with one site of each kind the case builders know (see fixture.json). */
export const fixture = bundleFromDocument(
  "fixture",
  JSON.parse(readFileSync(new URL("./fixture.json", import.meta.url), "utf8")),
);

export function operation(operationId: string) {
  const entry = fixture.operations.find((e) => e.id === operationId);
  if (!entry) throw new Error(`the fixture has no ${operationId}`);
  return entry;
}

/** A copy of the fixture changed by `mutate`, for a case that needs one keyword more. */
export function fixtureWith(mutate: (document: Node) => void) {
  const document = structuredClone(fixture.document);
  mutate(document);
  return bundleFromDocument("fixture-variant", document);
}
