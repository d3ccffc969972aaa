// The targets a contract suite can run against. Each is one module of the shape in target.ts; a
// global setup starts the documents' endpoints and each suite connects to its own.
import { emulatorTarget } from "./emulator.js";
import { mockTarget } from "./mock.js";
import { realHostTarget } from "./real-host.js";
import type { ContractTarget, Endpoint } from "./target.js";

export type { ContractTarget, Endpoint } from "./target.js";

export const contractTargets: readonly ContractTarget[] = [mockTarget, emulatorTarget, realHostTarget];

/** The target module of this id; an unknown id is a setup error. */
export function contractTarget(id: string): ContractTarget {
  const found = contractTargets.find((t) => t.id === id);
  if (!found)
    throw new Error(`no contract target ${id}: the targets are ${contractTargets.map((t) => t.id).join(", ")}`);
  return found;
}

declare module "vitest" {
  export interface ProvidedContext {
    endpoints: Endpoint[];
  }
}
