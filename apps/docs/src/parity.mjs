// The parity page: which state rules, x-rules and operations of the emulator were observed on the
// sandbox and which are assumed from the reference, from the truth loop's committed observations
// (@xads/truth's page body) in the site's layout.
import { parityPageBody } from "@xads/truth/src/parity-page.mjs";
import { page } from "./html.mjs";

/**
 * @param {import("./site.mjs").Site} site
 * @param {string} file the page's file
 */
export async function renderParity(site, file) {
  return page({
    title: "Parity with the sandbox",
    description:
      "Each rule and operation the emulator implements: observed on the sandbox, or assumed from the reference.",
    nav: site.nav,
    current: file,
    body: await parityPageBody(),
  });
}
