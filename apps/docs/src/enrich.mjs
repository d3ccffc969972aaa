// The build-time copy of a bundle that the reference page renders: each operation's x-rules shown in its
// description, generated code samples, and links back to the rest of the site. The bundle itself is untouched.
import { listOperations } from "@xads/spec/lib/operations.mjs";
import { rulesSection } from "./rules.mjs";
import { codeSamples } from "./samples.mjs";

/**
 * A deep copy of `bundle` ready for Redoc. `site` lists the other pages: [{href, title}].
 * @param {import("@xads/spec/lib/operations.mjs").Node} bundle
 * @param {string} documentName
 * @param {import("./site.mjs").NavLink[]} site
 */
export function enrichBundle(bundle, documentName, site) {
  const copy = structuredClone(bundle);
  for (const entry of listOperations(copy)) {
    const { operation, rules } = entry;
    const section = rulesSection(rules);
    if (section) operation.description = `${(operation.description ?? "").trimEnd()}\n\n${section}\n`;
    operation["x-codeSamples"] = codeSamples(copy, documentName, entry);
  }
  const links = site.map((p) => `[${p.title}](${p.href})`).join(" · ");
  copy.info = { ...copy.info, description: `${links}\n\n${copy.info?.description ?? ""}` };
  return copy;
}
