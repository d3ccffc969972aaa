// The contract case families, in the order their tests are registered for each operation. Each is one
// module of the shape in family.ts; the suite runs every one over every operation of a document.
import { boundsFamily } from "./bounds.js";
import { documentedErrorsFamily } from "./documented-errors.js";
import { documentedHeadersFamily } from "./documented-headers.js";
import { enumsFamily } from "./enums.js";
import type { CaseFamily } from "./family.js";
import { pathIdentifiersFamily } from "./path-identifiers.js";
import { requiredInputsFamily } from "./required-inputs.js";
import { successFamily } from "./success.js";
import { unauthenticatedFamily } from "./unauthenticated.js";

export type { CaseFamily, CaseRun, ContractCase, FamilyScope } from "./family.js";

export const caseFamilies: readonly CaseFamily[] = [
  successFamily,
  documentedHeadersFamily,
  pathIdentifiersFamily,
  requiredInputsFamily,
  boundsFamily,
  enumsFamily,
  unauthenticatedFamily,
  documentedErrorsFamily,
];
