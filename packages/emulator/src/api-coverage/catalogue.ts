// What coverage counts against: the documents' operations (the emulator's generated tables) with their
// documented responses, x-rules and bounds (@xads/validator), the state rules the rule modules
// implement, the rate-limit windows and the upload processing states (@xads/types/facts). Read once,
// on the first exchange or report, and shared by every emulator.
import { processingStateValues } from "@xads/types/facts";
import { getOperation, type OperationValidator } from "@xads/validator";
import { documents, operations } from "../generated/index.js";
import { UNPUBLISHED, WINDOWS, type Window } from "../limits/rate-limits.js";
import { stateRuleIds } from "../rules/index.js";
import type { OperationSpec } from "../spec-types.js";
import { type Bound, boundsOf } from "./bounds.js";

export interface OperationEntry {
  spec: OperationSpec;
  validator: OperationValidator;
  /** The documented responses: status codes, `1XX`..`5XX` ranges, `default`. */
  statuses: string[];
  bounds: Bound[];
}

export interface Catalogue {
  documents: Array<{ name: string; title: string; operations: OperationEntry[] }>;
  byId: ReadonlyMap<string, OperationEntry>;
  stateRuleIds: readonly string[];
  windows: readonly Window[];
  uploadStates: readonly string[];
}

const STATUS_ORDER = (key: string) => (key === "default" ? "9" : key);

function entryOf(spec: OperationSpec): OperationEntry {
  const validator = getOperation(spec.id);
  return {
    spec,
    validator,
    statuses: Object.keys(validator.responses).sort((a, b) => STATUS_ORDER(a).localeCompare(STATUS_ORDER(b))),
    bounds: boundsOf(spec, validator),
  };
}

let catalogue: Catalogue | undefined;

export function coverageCatalogue(): Catalogue {
  if (catalogue) return catalogue;
  const entries = operations.map(entryOf);
  catalogue = {
    documents: documents.map((document) => ({
      name: document.name,
      title: document.title,
      operations: entries.filter((entry) => entry.spec.document === document.name),
    })),
    byId: new Map(entries.map((entry) => [entry.spec.id, entry])),
    stateRuleIds,
    windows: [...Object.values(WINDOWS), UNPUBLISHED],
    uploadStates: processingStateValues,
  };
  return catalogue;
}

/** The documented response an answered status falls under: the exact code, its range, `default`. */
export function documentedStatus(entry: OperationEntry, status: number): string | undefined {
  const code = String(status);
  return [code, `${code[0]}XX`, "default"].find((key) => entry.statuses.includes(key));
}
