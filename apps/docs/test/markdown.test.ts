import { describe, expect, it } from "vitest";
import { renderContent, renderMarkdown } from "../src/markdown.mjs";

describe("Markdown prose", () => {
  it("renders heading ids, keeps quotes in text and code, and escapes JSON examples as the site does", () => {
    const html = renderMarkdown(
      ["## Hosts {#hosts}", "", 'Say "hi" to `a="b" & <c>`.', "", "```json", '{ "a": 1 }', "```"].join("\n"),
    );
    expect(html).toContain('<h2 id="hosts">Hosts</h2>');
    expect(html).toContain('<p>Say "hi" to <code>a="b" &amp; &lt;c&gt;</code>.</p>');
    expect(html).toContain("<pre><code>{ &quot;a&quot;: 1 }</code></pre>");
  });

  it("fills blocks and inline values after rendering, and names what is missing", () => {
    const fill = {
      blocks: { table: () => "<table></table>" },
      values: { op: (id?: string) => `<a href="#${id}">${id}</a>` },
    };
    expect(renderMarkdown("See {{op:listAccounts}}.\n\n{{block:table}}\n\nEnd.", fill)).toBe(
      '<p>See <a href="#listAccounts">listAccounts</a>.</p>\n<table></table>\n<p>End.</p>\n',
    );
    expect(() => renderMarkdown("{{block:nothing}}", fill, "x.md")).toThrow("x.md: no block {{block:nothing}}");
    expect(() => renderMarkdown("{{total}}", fill, "x.md")).toThrow("x.md: no value for {{total}}");
  });

  it("renders the landing page's prose with every block it names", () => {
    const named: string[] = [];
    const html = renderContent("landing", {
      blocks: new Proxy({} as Record<string, () => string>, {
        get: (_, name) => () => {
          named.push(String(name));
          return "";
        },
      }),
      values: new Proxy({} as Record<string, () => string>, { get: () => () => "" }),
    });
    expect(named).toEqual([
      "documents",
      "common-parameters",
      "limits",
      "error-codes",
      "rate-limit-headers",
      "rate-limit-windows",
      "operations",
    ]);
    for (const id of [
      "hosts",
      "authentication",
      "conventions",
      "batches",
      "limits",
      "errors",
      "rate-limits",
      "operations",
    ]) {
      expect(html).toContain(`id="${id}"`);
    }
  });
});
