// The build-time copy of a bundle that the reference page renders: each operation's x-rules and its
// operation id shown in its description, generated code samples, and links back to the rest of the site.
// The bundle itself is untouched.
// This is the one place the docs rewrite OpenAPI: Redoc renders a bundle, so the copy is a deep clone of
// the document's bundle, and the model's operations say what goes into each operation node of it.
import { resolve } from "@xads/spec/lib/operations.mjs";
import { rulesSection } from "./rules.mjs";
import { codeSamples } from "./samples.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */

/**
 * The line that names an operation by its id, last in its description: the guides, the validator's
 * errors and the client name operations by id, and Redoc's search reads descriptions, not ids.
 * @param {string} id
 */
export const operationIdLine = (id) => `Operation id: \`${id}\``;

/**
 * A deep copy of the document's bundle ready for Redoc. `site` lists the other pages: [{href, title}].
 * @param {{ bundle: Node, operations: Operation[] }} document the bundle and the model's operations of it
 * @param {import("./site.mjs").NavLink[]} site
 * @param {import("./samples.mjs").LocalEmulator} [local] where `pnpm start` serves the document, for its curl sample
 */
export function enrichBundle({ bundle, operations }, site, local) {
  const copy = structuredClone(bundle);
  for (const operation of operations) {
    /** @type {Node} */
    const node = resolve(copy, resolve(copy, copy.paths[operation.path])[operation.method]);
    const section = rulesSection(operation.rules);
    if (section) node.description = `${(node.description ?? "").trimEnd()}\n\n${section}\n`;
    node.description = `${(node.description ?? "").trimEnd()}\n\n${operationIdLine(operation.id)}\n`;
    node["x-codeSamples"] = codeSamples(operation, local);
  }
  const links = site.map((p) => `[${p.title}](${p.href})`).join(" · ");
  copy.info = { ...copy.info, description: `${links}\n\n${copy.info?.description ?? ""}` };
  return copy;
}
