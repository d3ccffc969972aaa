// The guides: the Arazzo workflows of spec/workflows (read by spec/lib/workflows.mjs, loaded by
// site.mjs), one page each and an index (content/guides.md). A guide shows what its workflow shows
// (a state rule, named by its title and id, or an end-to-end flow), whether the real sandbox runs
// it, and its steps in order: the operation each calls (a link to its reference page) or the workflow
// it runs, what it sends, what it checks, its retries and its outputs. Every value of the files is
// escaped; their Markdown is rendered as untrusted text (markdown.mjs).
import { basename, dirname, join } from "node:path";
import { readArazzo, stepOperation } from "@xads/spec/lib/workflows.mjs";
import { GUIDE_RUN_FILE } from "./browser-bundles.mjs";
import { guideDataFile } from "./guide-data.mjs";
import { escapeHtml, page } from "./html.mjs";
import { renderContent, renderUntrustedMarkdown } from "./markdown.mjs";
import { fileOf, guideFile } from "./pages.mjs";

/** @typedef {import("./site.mjs").Workflow} Workflow */
/** @typedef {import("@xads/spec/lib/workflows.mjs").WorkflowStep} WorkflowStep */
/** @typedef {import("./site.mjs").WorkflowFile} WorkflowFile */
/**
 * What a guide page needs of the site.
 * @typedef {{
 *   documents: Array<{ name: string, title: string, operations: Array<{ id: string, method: string, path: string, link: string }> }>,
 *   guides: import("./site.mjs").Guides,
 *   pages: import("./pages.mjs").SitePage[],
 *   nav: import("./site.mjs").NavLink[],
 * }} GuideSite
 */
/**
 * Where a step goes: an operation of a reference page, a control of the emulator (its page), or
 * another workflow (its guide).
 * @typedef {{ kind: "operation", href: string, method: string, path: string, operationId: string, title: string }
 *   | { kind: "workflow", href: string, workflow: Workflow }} StepTarget
 */

/** The file of the emulator's controls, a source description that is not an API document. */
const EMULATOR_CONTROLS = "emulator-controls.yaml";
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** @param {unknown} text */
const code = (text) => `<code>${escapeHtml(text)}</code>`;

/**
 * An id attribute from a value of the files (letters, digits, `_` and `-`).
 * @param {string} prefix
 * @param {unknown} value
 */
const idOf = (prefix, value) => `${prefix}-${String(value).replace(/[^A-Za-z0-9_-]+/g, "-")}`;

/** @param {string} name a workflow file's name, `auth.arazzo.yaml` */
export const fileAnchor = (name) => idOf("file", name.replace(/\.arazzo\.yaml$/, ""));

/**
 * A value as the file writes it: a string as it is (a runtime expression such as
 * `$steps.setup.outputs.accountId` included), anything else as JSON.
 * @param {unknown} value
 */
export function valueHtml(value) {
  if (value === "") return `${code('""')} <span class="muted">(empty)</span>`;
  if (typeof value === "string") return code(value);
  return code(JSON.stringify(value));
}

/** @type {Map<string, Map<string, { method: string, path: string }>>} */
const controlsCache = new Map();

/**
 * The operations of a source description that is not a bundle (the emulator's controls), by id.
 * @param {string} file
 */
function operationsOfFile(file) {
  let found = controlsCache.get(file);
  if (!found) {
    found = new Map();
    for (const [path, item] of Object.entries(readArazzo(file)?.paths ?? {})) {
      for (const [method, operation] of Object.entries(/** @type {Record<string, any>} */ (item ?? {}))) {
        if (METHODS.includes(method) && operation?.operationId) found.set(operation.operationId, { method, path });
      }
    }
    controlsCache.set(file, found);
  }
  return found;
}

/**
 * The workflow a step runs: a workflow id of the files, bare or as `$sourceDescriptions.<name>.<id>`.
 * @param {GuideSite} site
 * @param {string} workflowId
 */
function childWorkflow(site, workflowId) {
  const id = workflowId.replace(/^\$sourceDescriptions\.[^.]+\./, "");
  return site.guides.workflows.find((w) => w.workflowId === id);
}

/**
 * Where a step goes. Throws when the step names an operation or workflow the site does not have.
 * @param {GuideSite} site
 * @param {Workflow} workflow
 * @param {WorkflowStep} step
 * @returns {StepTarget | undefined}
 */
export function stepTarget(site, workflow, step) {
  const where = `${basename(workflow.file)} ${workflow.workflowId} step ${step.stepId}`;
  if (step.workflowId) {
    const child = childWorkflow(site, step.workflowId);
    if (!child) throw new Error(`${where}: no workflow ${step.workflowId}`);
    return { kind: "workflow", href: guideFile(child.workflowId), workflow: child };
  }
  const named = stepOperation(workflow, step);
  if (!named) return undefined;
  const source = workflow.sources.find((s) => s.name === named.source);
  if (!source) throw new Error(`${where}: no source description "${named.source}"`);
  const url = String(source.url);
  if (basename(url) === EMULATOR_CONTROLS) {
    const control = operationsOfFile(join(dirname(workflow.file), url)).get(named.operationId);
    if (!control) throw new Error(`${where}: ${url} has no operation ${named.operationId}`);
    return {
      kind: "operation",
      href: `${fileOf(site.pages, "emulator")}#admin`,
      method: control.method,
      path: control.path,
      operationId: named.operationId,
      title: "the emulator's controls",
    };
  }
  // A bundle of the spec: `../dist/<document>.json`.
  const document = site.documents.find((d) => `${d.name}.json` === basename(url));
  if (!document) throw new Error(`${where}: the source "${named.source}" (${url}) is no document of the site`);
  const operation = document.operations.find((op) => op.id === named.operationId);
  if (!operation) throw new Error(`${where}: ${document.name} has no operation ${named.operationId}`);
  return {
    kind: "operation",
    href: operation.link,
    method: operation.method,
    path: operation.path,
    operationId: operation.id,
    title: document.title,
  };
}

/**
 * The workflows whose steps run `workflow`, in file order.
 * @param {GuideSite} site
 * @param {Workflow} workflow
 */
function runBy(site, workflow) {
  return site.guides.workflows.filter((w) =>
    w.steps.some((s) => s.workflowId && childWorkflow(site, s.workflowId) === workflow),
  );
}

/**
 * @param {GuideSite} site
 * @param {Workflow} workflow
 */
function ruleOf(site, workflow) {
  if (workflow.rule === undefined) return undefined;
  const rule = site.guides.rules.find((r) => r.id === workflow.rule);
  if (!rule) throw new Error(`${basename(workflow.file)} ${workflow.workflowId}: no state rule ${workflow.rule}`);
  return rule;
}

/** @param {Workflow[]} workflows */
const guideLinks = (workflows) =>
  workflows.map((w) => `<a href="${escapeHtml(guideFile(w.workflowId))}">${escapeHtml(w.summary)}</a>`).join(", ");

/**
 * What a workflow shows, in one line: its state rule (title and id; the rule's `source` is for
 * maintainers, not readers), an end-to-end flow, or the setup other workflows start from.
 * @param {GuideSite} site
 * @param {Workflow} workflow
 */
function showsHtml(site, workflow) {
  const rule = ruleOf(site, workflow);
  const parts = [];
  if (rule) {
    parts.push(
      `the state rule <strong>${escapeHtml(rule.title)}</strong> <span class="muted">(<code>${escapeHtml(rule.id)}</code>)</span>`,
    );
  }
  if (workflow.flow) parts.push("an end-to-end flow");
  if (parts.length > 0) return parts.join("; ");
  return runBy(site, workflow).length > 0
    ? "the setup other workflows start from"
    : '<span class="muted">no state rule</span>';
}

/** @param {Workflow} workflow */
function sandboxHtml(workflow) {
  return workflow.sandboxSkip
    ? `Emulator only: the real sandbox skips it, as ${renderUntrustedMarkdown(workflow.sandboxSkip, { inline: true })}.`
    : "Runs against the emulator and the real sandbox.";
}

/**
 * A success criterion, readable: a simple condition as code; a regular expression or JSONPath with
 * the value it applies to.
 * @param {{ condition: string, context?: string, type?: unknown }} criterion
 */
export function criterionHtml(criterion) {
  const raw = criterion.type;
  const type = typeof raw === "object" && raw !== null ? /** @type {{ type?: unknown }} */ (raw).type : raw;
  const version =
    typeof raw === "object" && raw !== null && /** @type {{ version?: unknown }} */ (raw).version !== undefined
      ? ` <span class="muted">(${escapeHtml(/** @type {{ version?: unknown }} */ (raw).version)})</span>`
      : "";
  const context = criterion.context !== undefined ? code(criterion.context) : "the answer";
  if (type === "regex") return `${context} matches the regular expression ${code(criterion.condition)}`;
  if (type === "jsonpath") return `the JSONPath ${code(criterion.condition)}${version} selects a value of ${context}`;
  if (type === "xpath") return `the XPath ${code(criterion.condition)}${version} selects a node of ${context}`;
  if (type !== undefined && type !== "simple") return `${code(criterion.condition)} (${escapeHtml(type)})`;
  return criterion.context !== undefined
    ? `${code(criterion.condition)} of ${code(criterion.context)}`
    : code(criterion.condition);
}

/**
 * @param {{ condition: string, context?: string, type?: unknown }[] | undefined} criteria
 * @param {string} [className]
 */
function criteriaList(criteria, className = "criteria") {
  if (!Array.isArray(criteria) || criteria.length === 0) return "";
  return `<ul class="${className}">${criteria.map((c) => `<li>${criterionHtml(c)}</li>`).join("")}</ul>`;
}

/**
 * A failure or success action, readable: a retry with its wait, limit and criteria, a jump or the end.
 * @param {GuideSite} site
 * @param {Record<string, any>} action
 */
export function actionHtml(site, action) {
  if (action?.reference !== undefined) return `the action ${code(action.reference)}`;
  const name = action?.name !== undefined ? ` <span class="muted">(${escapeHtml(action.name)})</span>` : "";
  const when =
    Array.isArray(action?.criteria) && action.criteria.length > 0
      ? `, when ${action.criteria.map(criterionHtml).join(" and ")}`
      : "";
  if (action?.type === "retry") {
    const after = action.retryAfter !== undefined ? ` after ${escapeHtml(action.retryAfter)} s` : "";
    const limit = action.retryLimit !== undefined ? `, at most ${escapeHtml(action.retryLimit)} times` : "";
    const target = action.stepId
      ? ` from step ${code(action.stepId)}`
      : action.workflowId
        ? ` by running ${workflowLink(site, action.workflowId)}`
        : " the step";
    return `Retry${target}${after}${limit}${when}${name}`;
  }
  if (action?.type === "goto") {
    const target = action.stepId ? `step ${code(action.stepId)}` : workflowLink(site, String(action.workflowId));
    return `Go to ${target}${when}${name}`;
  }
  if (action?.type === "end") return `End the workflow${when}${name}`;
  return `${code(action?.type)}${when}${name}`;
}

/**
 * @param {GuideSite} site
 * @param {string} workflowId
 */
function workflowLink(site, workflowId) {
  const child = childWorkflow(site, workflowId);
  return child
    ? `<a href="${escapeHtml(guideFile(child.workflowId))}">${escapeHtml(child.summary)}</a>`
    : code(workflowId);
}

/**
 * @param {GuideSite} site
 * @param {Workflow} workflow
 * @param {WorkflowStep & Record<string, any>} step
 * @param {number} index
 */
function stepHtml(site, workflow, step, index) {
  const target = stepTarget(site, workflow, step);
  const parts = [`<h3><span class="muted">${index + 1}.</span> ${code(step.stepId)}</h3>`];
  if (step.description) parts.push(`<p>${renderUntrustedMarkdown(step.description, { inline: true })}</p>`);
  if (target?.kind === "operation") {
    parts.push(
      `<p class="call">Calls <a class="operation-link" href="${escapeHtml(target.href)}" data-operation-id="${escapeHtml(
        target.operationId,
      )}"><span class="method method-${escapeHtml(target.method)}">${escapeHtml(target.method.toUpperCase())}</span> ${code(
        target.path,
      )}</a> <span class="muted">(${code(target.operationId)}, ${escapeHtml(target.title)})</span></p>`,
    );
  } else if (target?.kind === "workflow") {
    parts.push(
      `<p class="call">Runs the workflow <a class="workflow-link" href="${escapeHtml(target.href)}">${escapeHtml(
        target.workflow.summary,
      )}</a> <span class="muted">(${code(target.workflow.workflowId)})</span></p>`,
    );
  }
  /** @type {Array<Record<string, any>>} a parameter may be a `reference` to a reusable one */
  const parameters = Array.isArray(step.parameters) ? step.parameters : [];
  if (parameters.length > 0) {
    const rows = parameters.map(
      (p) =>
        `<tr><td>${p.reference !== undefined ? code(p.reference) : code(p.name)}</td><td>${escapeHtml(
          p.in ?? (target?.kind === "workflow" ? "input" : ""),
        )}</td><td>${p.reference !== undefined ? "" : valueHtml(p.value)}</td></tr>`,
    );
    parts.push(
      `<h4>Sends</h4>\n<table class="parameters"><thead><tr><th>Parameter</th><th>In</th><th>Value</th></tr></thead><tbody>${rows.join(
        "",
      )}</tbody></table>`,
    );
  }
  if (step.requestBody && typeof step.requestBody === "object") {
    const { contentType, payload } = step.requestBody;
    const text = typeof payload === "string" ? payload : JSON.stringify(payload, null, 2);
    parts.push(
      `<h4>${parameters.length > 0 ? "And the body" : "Sends the body"}${
        contentType ? ` <span class="muted">(${code(contentType)})</span>` : ""
      }</h4>\n<pre class="payload"><code>${escapeHtml(text ?? "")}</code></pre>`,
    );
  }
  if (Array.isArray(step.successCriteria) && step.successCriteria.length > 0) {
    parts.push(`<h4>Checks</h4>\n${criteriaList(step.successCriteria)}`);
  }
  for (const [key, label] of /** @type {const} */ ([
    ["onFailure", "On failure"],
    ["onSuccess", "On success"],
  ])) {
    const actions = step[key];
    if (Array.isArray(actions) && actions.length > 0) {
      parts.push(
        `<h4>${label}</h4>\n<ul class="actions">${actions.map((a) => `<li>${actionHtml(site, a)}</li>`).join("")}</ul>`,
      );
    }
  }
  const outputs = Object.entries(step.outputs ?? {});
  if (outputs.length > 0) {
    parts.push(
      `<h4>Outputs</h4>\n<table class="outputs"><thead><tr><th>Output</th><th>Value</th></tr></thead><tbody>${outputs
        .map(([name, value]) => `<tr><td>${code(name)}</td><td>${valueHtml(value)}</td></tr>`)
        .join("")}</tbody></table>`,
    );
  }
  return `<li class="step" id="${escapeHtml(idOf("step", step.stepId))}">\n${parts.join("\n")}\n</li>`;
}

/**
 * The workflow file a workflow belongs to.
 * @param {GuideSite} site
 * @param {Workflow} workflow
 * @returns {WorkflowFile | undefined}
 */
function fileOfWorkflow(site, workflow) {
  return site.guides.files.find((f) => f.workflows.includes(workflow));
}

/**
 * The page of one workflow.
 * @param {GuideSite} site
 * @param {Workflow} workflow
 */
export function renderGuide(site, workflow) {
  const index = fileOf(site.pages, "guides");
  const file = fileOfWorkflow(site, workflow);
  const fileName = file?.name ?? basename(workflow.file);
  const parents = runBy(site, workflow);
  const body = `<p class="crumbs"><a href="${escapeHtml(index)}">Guides</a> › <a href="${escapeHtml(
    `${index}#${fileAnchor(fileName)}`,
  )}">${escapeHtml(file?.title ?? fileName)}</a></p>
<h1>${escapeHtml(workflow.summary)}</h1>
<p class="muted">The workflow ${code(workflow.workflowId)} of ${code(`spec/workflows/${fileName}`)}.</p>
<div class="description">
${renderUntrustedMarkdown(workflow.description)}</div>
<dl class="guide-facts">
<dt>Shows</dt><dd id="shows">${showsHtml(site, workflow)}</dd>
<dt>Runs</dt><dd id="sandbox"${workflow.sandboxSkip ? ' class="sandbox-skip"' : ""}>${sandboxHtml(workflow)}</dd>${
    parents.length > 0 ? `\n<dt>Run by</dt><dd id="run-by">${guideLinks(parents)}</dd>` : ""
  }
</dl>
<h2 id="steps">Steps</h2>
<ol class="steps">
${workflow.steps.map((step, i) => stepHtml(site, workflow, step, i)).join("\n")}
</ol>`;
  return page({
    title: `${workflow.summary} · Guides · X Ads API reference`,
    description: `A workflow of the X Ads API, step by step: ${workflow.summary}.`,
    nav: site.nav,
    current: index,
    body,
    // The run in the page (assets/guide-run.js): the workflow file's data and the workflow to run.
    head: `<meta name="xads-guide" content="${escapeHtml(guideDataFile(workflow.file))}" data-workflow="${escapeHtml(
      workflow.workflowId,
    )}"><link rel="stylesheet" href="assets/guide-run.css"><script type="module" src="${GUIDE_RUN_FILE}"></script>`,
  });
}

/**
 * The index's list of workflow files, each with its workflows.
 * @param {GuideSite} site
 */
export function workflowIndex(site) {
  if (site.guides.files.length === 0) {
    return '<p class="note" id="guides-unavailable">No workflows yet: <code>spec/workflows</code> holds no <code>*.arazzo.yaml</code> file.</p>';
  }
  return site.guides.files
    .map((file) => {
      const rows = file.workflows.map(
        (w) =>
          `<tr id="${escapeHtml(idOf("workflow", w.workflowId))}"><td><a class="guide-link" href="${escapeHtml(
            guideFile(w.workflowId),
          )}">${escapeHtml(w.summary)}</a><br><span class="muted">${code(w.workflowId)}</span></td><td>${showsHtml(
            site,
            w,
          )}</td><td>${
            w.sandboxSkip
              ? `Emulator only: ${renderUntrustedMarkdown(w.sandboxSkip, { inline: true })}`
              : "Emulator and sandbox"
          }</td></tr>`,
      );
      return `<section class="workflow-file" aria-labelledby="${escapeHtml(fileAnchor(file.name))}">
<h3 id="${escapeHtml(fileAnchor(file.name))}">${escapeHtml(file.title)}</h3>
${file.summary ? `<p>${renderUntrustedMarkdown(file.summary, { inline: true })}</p>` : ""}
${file.description ? renderUntrustedMarkdown(file.description) : ""}<p class="muted">${code(`spec/workflows/${file.name}`)}</p>
<table class="workflows"><thead><tr><th>Workflow</th><th>Shows</th><th>Runs on</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>
</section>`;
    })
    .join("\n");
}

/**
 * The guides' index: content/guides.md with the list of workflow files.
 * @param {GuideSite} site
 */
export function renderGuides(site) {
  const count = site.guides.workflows.length;
  const body = renderContent("guides", {
    blocks: { workflows: () => workflowIndex(site) },
    values: {
      page: (kind) => escapeHtml(fileOf(site.pages, /** @type {"landing" | "emulator"} */ (kind))),
      count: () => String(count),
      files: () => String(site.guides.files.length),
    },
  });
  return page({
    title: "Guides · X Ads API reference",
    description: "The workflows of the X Ads API, step by step: each state rule and the end-to-end flows.",
    nav: site.nav,
    current: fileOf(site.pages, "guides"),
    body,
  });
}
