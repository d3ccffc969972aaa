// The features granted to an account, as the store keeps them (under `account_feature`, one record
// per account): read by the features operations and by the state rules that a feature unlocks. The
// fixture account starts with the spec's example list, every other account with none.
import { operations } from "../generated/index.js";
import type { Store } from "./store.js";

export const COLLECTION = "account_feature";

function exampleFeatures(): string[] {
  const example = operations.find((o) => o.id === "listAccountFeatures")?.example as { data?: unknown } | null;
  return Array.isArray(example?.data) ? example.data.filter((k): k is string => typeof k === "string") : [];
}

/** The features granted to an account. */
export function featuresOf(store: Store, accountId: string, fixtureAccountId: string): string[] {
  const record = store.get(COLLECTION, accountId);
  if (record) return [...(record.data.feature_keys as string[])];
  return accountId === fixtureAccountId ? exampleFeatures() : [];
}
