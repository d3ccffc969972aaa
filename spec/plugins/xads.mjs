// The spec's own Redocly rules (redocly.yaml: `plugins`, `xads/<rule>`): conventions of README.md that a
// configurable rule cannot express. One rule per file under rules/; their tests lint small documents
// through the CLI (rules/*.test.mjs).

import OperationFileNamedAfterId from "./rules/operation-file-named-after-id.mjs";
import OperationIdUnique from "./rules/operation-id-unique.mjs";
import OperationIdVerb from "./rules/operation-id-verb.mjs";
import OperationInOwnFile from "./rules/operation-in-own-file.mjs";
import OperationReferencedOnce from "./rules/operation-referenced-once.mjs";
import XRulesReferencesExist from "./rules/x-rules-references-exist.mjs";
import XRulesShape from "./rules/x-rules-shape.mjs";
import XXadsResource from "./rules/x-xads-resource.mjs";
import { registryAt } from "./support.mjs";

/** @param {{ contentDir?: string }} [context] the folder of redocly.yaml, where documents.json is */
export default function xads({ contentDir = "." } = {}) {
  const registry = registryAt(contentDir);
  return {
    id: "xads",
    rules: {
      oas3: {
        "operation-in-own-file": () => OperationInOwnFile({ registry }),
        "operation-file-named-after-id": OperationFileNamedAfterId,
        "operation-referenced-once": OperationReferencedOnce,
        "operation-id-unique": () => OperationIdUnique({ registry }),
        "operation-id-verb": OperationIdVerb,
        "x-rules-shape": XRulesShape,
        "x-rules-references-exist": XRulesReferencesExist,
        "x-xads-resource": XXadsResource,
      },
    },
  };
}
