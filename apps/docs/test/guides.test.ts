// The guides' renderer, without a browser: the registry's guide pages, escaping of every value of the
// workflow files, readable criteria and retries, where each step links, and the real files' pages.
import { join } from "node:path";
import { readWorkflows, workflowsDir } from "@xads/spec/lib/workflows.mjs";
import { describe, expect, it } from "vitest";
import {
  actionHtml,
  criterionHtml,
  renderGuide,
  renderGuides,
  stepTarget,
  valueHtml,
  workflowIndex,
} from "../src/guides.mjs";
import { renderUntrustedMarkdown } from "../src/markdown.mjs";
import { GUIDES_FILE, guideFile, navOf, sitePages } from "../src/pages.mjs";
import { loadSite } from "../src/site.mjs";

type Workflow = ReturnType<typeof readWorkflows>[number];

const createCampaign = {
  id: "createCampaign",
  method: "post",
  path: "/12/accounts/{account_id}/campaigns",
  link: "ads.html#/campaigns/createcampaign",
};
const documents = [{ name: "ads", title: "Ads API v12", operations: [createCampaign] }];
const sources = [
  { name: "ads", url: "../dist/ads.json" },
  { name: "emulator", url: "./emulator-controls.yaml" },
];
// In the real folder, so the `emulator` source (./emulator-controls.yaml) resolves.
const file = join(workflowsDir, "hostile.arazzo.yaml");

const setup: Workflow = {
  file,
  workflowId: "setupAccount",
  summary: "An account",
  description: "The setup.",
  flow: false,
  steps: [{ stepId: "create", operationId: "$sourceDescriptions.ads.createCampaign" }],
  sources,
};
const hostile: Workflow = {
  file,
  workflowId: "hostileWorkflow",
  summary: 'Summary <script>alert("summary")</script>',
  description:
    'Shows **bold** and `code`.\n\n<script>alert("description")</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>',
  rule: "a-rule",
  flow: false,
  sandboxSkip: "it needs <b>a person</b>",
  steps: [
    { stepId: "setup", workflowId: "setupAccount", outputs: { accountId: "$outputs.accountId" } },
    {
      stepId: '"><script>alert("step")</script>',
      description: "Sends <script>alert('step description')</script>.",
      operationId: "createCampaign",
      parameters: [
        { name: "account_id", in: "path", value: "$steps.setup.outputs.accountId" },
        { name: "name", in: "query", value: '<script>alert("value")</script>' },
        { name: "total_budget_amount_local_micro", in: "query", value: "" },
        { name: "placements", in: "query", value: ["ALL_ON_TWITTER"] },
      ],
      requestBody: { contentType: "application/json", payload: { note: "</code></pre><script>x()</script>" } },
      successCriteria: [
        { condition: "$statusCode == 200" },
        { condition: "$response.body#/data/name == '<script>'" },
        { context: "$response.body", condition: "$[?length(@.data) == 0]", type: "jsonpath" },
      ],
      onFailure: [
        {
          name: "stillPending",
          type: "retry",
          retryAfter: 2,
          retryLimit: 10,
          criteria: [{ condition: "$response.body#/state == 'pending'" }],
        },
      ],
      outputs: { campaignId: "$response.body#/data/id" },
    },
    {
      stepId: "clock",
      operationId: "$sourceDescriptions.emulator.advanceEmulatorClock",
      requestBody: { contentType: "application/json", payload: { advance: 1000 } },
    },
  ] as Workflow["steps"],
  sources,
};
const workflows = [setup, hostile];
const pages = sitePages(documents, workflows);
const site = {
  documents,
  guides: {
    files: [
      {
        name: "hostile.arazzo.yaml",
        title: "Hostile <i>file</i>",
        summary: "A <script>summary</script>",
        description: "",
        workflows,
      },
    ],
    workflows,
    rules: [{ id: "a-rule", title: "A <rule>", source: "seed 000 section <3>", showable: true }],
  },
  pages,
  nav: navOf(pages),
};

describe("the page registry's guides", () => {
  it("lists the index in the navigation and a guide per workflow under it, not in the navigation", () => {
    const guides = pages.filter((p) => p.kind === "guide");
    expect(guides.map((p) => [p.file, p.workflow, p.title, p.parent])).toEqual([
      ["guide-setupAccount.html", "setupAccount", "An account", GUIDES_FILE],
      ["guide-hostileWorkflow.html", "hostileWorkflow", hostile.summary, GUIDES_FILE],
    ]);
    expect(navOf(pages).map((n) => n.href)).toEqual([
      "index.html",
      "ads.html",
      "events.html",
      "history.html",
      "emulator.html",
      "parity.html",
      GUIDES_FILE,
    ]);
  });

  it("refuses a workflow id that is no file name, and a page listed twice", () => {
    expect(() => guideFile("../x")).toThrow('the workflow id "../x" is not [A-Za-z0-9_-]+');
    expect(() => sitePages(documents, [setup, setup])).toThrow("lists guide-setupAccount.html twice");
  });
});

describe("a guide page", () => {
  const html = renderGuide(site, hostile);
  const main = html.slice(html.indexOf("<main>"));

  it("escapes every value of the file: no markup of theirs reaches the page", () => {
    expect(main).not.toMatch(/<script|<img|<b>|<i>|javascript:|<rule>/);
    expect(main).toContain("<h1>Summary &lt;script&gt;alert(&quot;summary&quot;)&lt;/script&gt;</h1>");
    expect(main).toContain('<p>&lt;script&gt;alert("description")&lt;/script&gt;</p>');
    expect(main).toContain("<code>&lt;script&gt;alert(&quot;value&quot;)&lt;/script&gt;</code>");
    expect(main).toContain("&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt;");
    expect(main).toContain('id="step--script-alert-step-script-"');
    expect(html).toContain("<title>Summary &lt;script&gt;");
  });

  it("renders the description's Markdown", () => {
    expect(main).toContain("<p>Shows <strong>bold</strong> and <code>code</code>.</p>");
    expect(main).toContain("click &lt;img src=x onerror=alert(1)&gt;");
  });

  it("names the state rule by its title and id, never its source (for maintainers), and why the sandbox skips it", () => {
    expect(main).toContain(
      'the state rule <strong>A &lt;rule&gt;</strong> <span class="muted">(<code>a-rule</code>)</span>',
    );
    expect(main).not.toContain("seed 000");
    expect(main).toContain("Emulator only: the real sandbox skips it, as it needs &lt;b&gt;a person&lt;/b&gt;.");
  });

  it("shows each step: its operation linked with method and path, or the workflow it runs, what it sends and checks", () => {
    expect(main).toContain(
      '<a class="operation-link" href="ads.html#/campaigns/createcampaign" data-operation-id="createCampaign"><span class="method method-post">POST</span> <code>/12/accounts/{account_id}/campaigns</code></a>',
    );
    expect(main).toContain('<a class="workflow-link" href="guide-setupAccount.html">An account</a>');
    expect(main).toContain(
      "<td><code>account_id</code></td><td>path</td><td><code>$steps.setup.outputs.accountId</code></td>",
    );
    expect(main).toContain('<code>&quot;&quot;</code> <span class="muted">(empty)</span>');
    expect(main).toContain("<code>[&quot;ALL_ON_TWITTER&quot;]</code>");
    expect(main).toContain("<li><code>$statusCode == 200</code></li>");
    expect(main).toContain(
      "Retry the step after 2 s, at most 10 times, when <code>$response.body#/state == &#39;pending&#39;</code>",
    );
    expect(main).toContain("<td><code>campaignId</code></td><td><code>$response.body#/data/id</code></td>");
    expect(main.indexOf('id="step-setup"')).toBeLessThan(main.indexOf('id="step-clock"'));
  });

  it("links the emulator's controls to the emulator page, with their method and path", () => {
    expect(main).toContain(
      '<a class="operation-link" href="emulator.html#admin" data-operation-id="advanceEmulatorClock"><span class="method method-post">POST</span> <code>/_emulator/clock</code></a>',
    );
  });

  it("says which workflows run a setup workflow", () => {
    expect(renderGuide(site, setup)).toContain(
      '<dt>Run by</dt><dd id="run-by"><a href="guide-hostileWorkflow.html">Summary &lt;script&gt;',
    );
  });

  it("refuses a step whose operation or workflow the site does not have, naming it", () => {
    const broken = { ...hostile, steps: [{ stepId: "gone", operationId: "deleteEverything" }] };
    expect(() => renderGuide(site, broken)).toThrow(
      "hostile.arazzo.yaml hostileWorkflow step gone: ads has no operation deleteEverything",
    );
    expect(() => stepTarget(site, hostile, { stepId: "s", workflowId: "nowhere" })).toThrow("no workflow nowhere");
    expect(() => stepTarget(site, hostile, { stepId: "s", operationId: "$sourceDescriptions.other.x" })).toThrow(
      'no source description "other"',
    );
  });
});

describe("readable checks and values", () => {
  it("reads criteria of each type", () => {
    expect(criterionHtml({ condition: "a=1", context: "$response.body", type: "regex" })).toBe(
      "<code>$response.body</code> matches the regular expression <code>a=1</code>",
    );
    expect(
      criterionHtml({
        condition: "$.x",
        context: "$response.body",
        type: { type: "jsonpath", version: "draft-goessner-dispatch-jsonpath-00" },
      }),
    ).toBe(
      'the JSONPath <code>$.x</code> <span class="muted">(draft-goessner-dispatch-jsonpath-00)</span> selects a value of <code>$response.body</code>',
    );
    expect(actionHtml(site, { type: "goto", workflowId: "setupAccount" })).toBe(
      'Go to <a href="guide-setupAccount.html">An account</a>',
    );
    expect(actionHtml(site, { type: "end", name: "<x>" })).toBe(
      'End the workflow <span class="muted">(&lt;x&gt;)</span>',
    );
    expect(valueHtml(5000000)).toBe("<code>5000000</code>");
    expect(valueHtml(true)).toBe("<code>true</code>");
  });

  it("shows untrusted Markdown as text: raw HTML escaped, unsafe links reduced to their text", () => {
    expect(renderUntrustedMarkdown("<script>x</script>")).toBe("<p>&lt;script&gt;x&lt;/script&gt;</p>\n");
    expect(renderUntrustedMarkdown("[a](javascript:x) [b](guides.html)", { inline: true })).toBe(
      'a <a href="guides.html">b</a>',
    );
    expect(renderUntrustedMarkdown("# Title")).toBe("<h3>Title</h3>\n");
    expect(renderUntrustedMarkdown("alice@example.com and https://x.com", { inline: true })).toBe(
      "alice@example.com and https://x.com",
    );
  });
});

describe("the index", () => {
  it("lists each file's title and summary, and each workflow with its link, what it shows and where it runs", () => {
    const index = workflowIndex(site);
    expect(index).toContain('<h3 id="file-hostile">Hostile &lt;i&gt;file&lt;/i&gt;</h3>');
    expect(index).toContain("<p>A &lt;script&gt;summary&lt;/script&gt;</p>");
    expect(index).toContain('<a class="guide-link" href="guide-hostileWorkflow.html">Summary &lt;script&gt;');
    expect(index).toContain("Emulator only: it needs &lt;b&gt;a person&lt;/b&gt;");
    expect(index).not.toMatch(/<script|<b>|<i>/);
  });

  it("introduces the workflows, how pnpm test runs them and the sandbox command, and says when there are none", () => {
    const html = renderGuides(site);
    expect(html).toContain("redocly respect");
    expect(html).toContain("npx -y pnpm@10 workflows:sandbox");
    expect(html).toContain("XADS_OAUTH_CONSUMER_KEY");
    expect(html).toContain('<a href="emulator.html">emulator</a>');
    expect(renderGuides({ ...site, guides: { files: [], workflows: [], rules: [] } })).toContain(
      'id="guides-unavailable"',
    );
  });
});

describe("the real workflow files", () => {
  const real = loadSite();
  const all = readWorkflows();

  it("give one guide page each, in the registry, and every step a target the site has", () => {
    expect(real.pages.filter((p) => p.kind === "guide").map((p) => p.workflow)).toEqual(all.map((w) => w.workflowId));
    const links = new Set(real.referenced.flatMap((d) => d.operations.map((op) => op.link)));
    for (const workflow of real.guides.workflows) {
      for (const step of workflow.steps) {
        const target = stepTarget(real, workflow, step);
        expect(target, `${workflow.workflowId} ${step.stepId}`).toBeDefined();
        if (target?.kind === "operation" && !target.href.startsWith("emulator.html")) {
          expect(links.has(target.href), target.href).toBe(true);
        }
      }
    }
  });
});
