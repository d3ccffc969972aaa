import { describe, expect, it } from "vitest";
import { scrollRegions } from "../src/scroll-regions.mjs";

describe("scroll regions", () => {
  it("wraps each table in a focusable box named after the headings above it, numbering a repeated name", () => {
    const html = scrollRegions(
      '<h2>Steps</h2><h3>Step <code>login</code></h3><h4>Sends</h4><table><tr><td>a</td></tr></table><h4>Sends</h4><table class="x"><tr><td>b</td></tr></table>',
    );
    expect(html).toContain(
      '<div class="scroll-x" tabindex="0" role="region" aria-label="Table: Step login, Sends"><table><tr><td>a</td></tr></table></div>',
    );
    expect(html).toContain('aria-label="Table: Step login, Sends (2)"><table class="x">');
  });

  it("makes a code block focusable and named, keeping its attributes; a heading's quotes stay escaped", () => {
    const html = scrollRegions('<h2>Say "hi"</h2><pre class="payload"><code>{}</code></pre>');
    expect(html).toBe(
      '<h2>Say "hi"</h2><pre class="payload" tabindex="0" role="region" aria-label="Code: Say &quot;hi&quot;"><code>{}</code></pre>',
    );
  });

  it("names a block before any heading by its kind alone", () => {
    expect(scrollRegions("<pre><code>x</code></pre>")).toBe(
      '<pre tabindex="0" role="region" aria-label="Code"><code>x</code></pre>',
    );
  });
});
