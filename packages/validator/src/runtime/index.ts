// Everything a generated module imports, from one module: the build bundles the runtime into one file,
// so that importing an operation loads three modules (the operation, its document's schemas, this).

export { defineOperation } from "./operation.js";
export { check as compareCheck } from "./rules/kinds/compare.js";
export { check as conditionalCheck } from "./rules/kinds/conditional.js";
export { check as exclusiveCheck } from "./rules/kinds/exclusive.js";
export { check as maxAheadCheck } from "./rules/kinds/max-ahead.js";
export { check as maxBodyBytesCheck } from "./rules/kinds/max-body-bytes.js";
export { check as maxTotalItemsCheck } from "./rules/kinds/max-total-items.js";
export { check as maxTreeLeavesCheck } from "./rules/kinds/max-tree-leaves.js";
export { check as mediaKeysMixCheck } from "./rules/kinds/media-keys-mix.js";
export { check as requiresCheck } from "./rules/kinds/requires.js";
export { check as timeWindowCheck } from "./rules/kinds/time-window.js";
export { check as uniformCheck } from "./rules/kinds/uniform.js";
export { locate as locateReference, scopesOf as ruleScopesOf } from "./rules/reference.js";
export {
  equal,
  hasOwn,
  isByte,
  isDate,
  isDateTime,
  isEmail,
  isInt32,
  isInt64,
  isRecord,
  isTime,
  isUri,
  isUuid,
  MAX_DEPTH,
  missing,
  pointerSegment,
  ucs2length,
} from "./schema-runtime.js";
