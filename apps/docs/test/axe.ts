// axe-core in the page under test: its source injected as a script, then run on the whole page or on
// one element. Only serious and critical violations count. The one experimental rule that matters to
// a reader is switched on: a control whose name does not hold its visible text (label in name).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Axe from "axe-core";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * One line per serious or critical violation: the rule, its impact, the element and what to fix.
 * `within` narrows the run to the element that `document.getElementById(within)` finds.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (id) => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const context = id === undefined ? document : document.getElementById(id);
    if (!context) return [`no element #${id} to check`];
    const results = await axe.run(context, {
      resultTypes: ["violations"],
      rules: { "label-content-name-mismatch": { enabled: true } },
    });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) =>
        v.nodes.map(
          (n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${(n.failureSummary ?? "").split("\n")[1]?.trim()}`,
        ),
      );
  }, within);
}
