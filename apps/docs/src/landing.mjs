// The landing page: what the API is, hosts, authentication, the shared conventions, errors, rate limits, and
// an index of every operation with its deep link. The prose is content/landing.md; this module renders
// the blocks it names, computed from the model. Tables of documents, parameters and limits come from the
// spec model, the error codes and batch limits from the facts generated from it (`@xads/types/facts`), so
// they follow the spec; the rate-limit headers table lists the ads document's shared headers.
import {
  adsErrorCodesByStatus,
  adsProductionServer,
  adsSandboxServer,
  batchLimits,
  rateLimitWindows,
} from "@xads/types/facts";
import { escapeHtml, inlineMarkdown, page } from "./html.mjs";
import { renderContent } from "./markdown.mjs";
import { fileOf } from "./pages.mjs";

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

/** @typedef {import("./site.mjs").Site} Site */
/** @typedef {import("./site.mjs").SiteDocument} SiteDocument */
/** @typedef {import("./site.mjs").SiteOperation} SiteOperation */

/**
 * @param {Site} site
 * @param {string} operationId
 * @param {string} [label]
 */
function opLink(site, operationId, label) {
  const op = site.operationsById.get(operationId);
  const text = label ?? (op ? `${op.method.toUpperCase()} ${op.path}` : operationId);
  return op
    ? `<a href="${escapeHtml(op.link)}"><code>${escapeHtml(text)}</code></a>`
    : `<code>${escapeHtml(text)}</code>`;
}

/**
 * The document's servers, then those its operations add (their own or their path's), first one per URL.
 * @param {SiteDocument} doc
 */
function serversOf(doc) {
  /** @type {Map<string, string>} */
  const urls = new Map();
  for (const s of [...doc.servers, ...doc.operations.flatMap((op) => op.servers)]) {
    if (!urls.has(s.url)) urls.set(s.url, s.description);
  }
  return [...urls.entries()];
}

/** @param {Site} site */
function documentsTable(site) {
  const rows = site.documents.map((doc) => {
    const reference = doc.operations.length
      ? `<a href="${escapeHtml(doc.page)}">${escapeHtml(doc.title)}</a>`
      : doc.role === "events"
        ? `<a href="${escapeHtml(fileOf(site.pages, "events"))}">${escapeHtml(doc.title)}</a> <span class="muted">(event types)</span>`
        : `${escapeHtml(doc.title)} <span class="muted">(no operations yet)</span>`;
    const servers = serversOf(doc)
      .map(
        ([url, description]) =>
          `<code>${escapeHtml(url)}</code>${description ? ` <span class="muted">${escapeHtml((description.split(/[(;]/)[0] ?? "").trim())}</span>` : ""}`,
      )
      .join("<br>");
    const local =
      doc.mockPort && doc.operations.length
        ? `<code>http://127.0.0.1:${doc.mockPort}</code>`
        : '<span class="muted">not served</span>';
    const download = doc.operations.length
      ? `<a href="openapi/${escapeHtml(doc.name)}.json">${escapeHtml(doc.name)}.json</a>`
      : "";
    return `<tr><td>${reference}</td><td>${doc.operations.length}</td><td>${servers}</td><td>${local}</td><td>${download}</td></tr>`;
  });
  return `<table><thead><tr><th>Document</th><th>Operations</th><th>Servers</th><th>Local emulator</th><th>OpenAPI</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>`;
}

/** @param {Site} site */
const adsDocument = (site) => site.documents.find((d) => d.name === "ads");

/**
 * The shared parameter of the ads operations named `name`: the one (the same resolved node) most of them
 * take, as a parameter of the model.
 * @param {Site} site
 * @param {string} name
 * @returns {import("@xads/spec/lib/model.mjs").Parameter | undefined}
 */
function commonParameter(site, name) {
  /** @type {Map<unknown, { parameter: import("@xads/spec/lib/model.mjs").Parameter, count: number }>} */
  const byNode = new Map();
  for (const op of adsDocument(site)?.operations ?? []) {
    for (const parameter of op.parameters) {
      if (parameter.name !== name) continue;
      const seen = byNode.get(parameter.raw) ?? { parameter, count: 0 };
      seen.count += 1;
      byNode.set(parameter.raw, seen);
    }
  }
  return [...byNode.values()].sort((a, b) => b.count - a.count)[0]?.parameter;
}

/** @param {Site} site */
function parametersTable(site) {
  const names = ["count", "cursor", "sort_by", "with_deleted", "with_total_count"];
  const rows = names
    .map((name) => commonParameter(site, name))
    .filter((p) => p !== undefined)
    .map((p) => {
      const schema = p.schema;
      const bounds = [
        schema.minimum !== undefined && schema.maximum !== undefined ? `${schema.minimum} to ${schema.maximum}` : "",
        schema.pattern ? `pattern <code>${escapeHtml(schema.pattern)}</code>` : "",
      ]
        .filter(Boolean)
        .join("; ");
      return `<tr><td><code>${p.name}</code></td><td>${escapeHtml([schema.type].flat().join(", "))}</td><td>${
        schema.default !== undefined ? `<code>${escapeHtml(JSON.stringify(schema.default))}</code>` : ""
      }</td><td>${bounds}</td><td>${inlineMarkdown(p.description.replace(/\s*\n\s*/g, " "))}</td></tr>`;
    });
  if (rows.length === 0) return "";
  return `<table><thead><tr><th>Parameter</th><th>Type</th><th>Default</th><th>Bounds</th><th>Meaning</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>`;
}

/** @param {Site} site */
function headersTable(site) {
  const ads = adsDocument(site);
  // One row per header the answers carry: a shared header whose name is one on the wire (the variants,
  // such as `x-rate-limit-remaining-exhausted` or `-optional`, describe the same header in one answer).
  const onTheWire = new Set(
    (ads?.operations ?? []).flatMap((op) => op.responses.flatMap((response) => Object.keys(response.headers))),
  );
  const headers = (ads?.headerComponents() ?? []).filter((h) => onTheWire.has(h.name));
  const rows = headers.map(
    (h) =>
      `<tr><td><code>${escapeHtml(h.name)}</code></td><td>${inlineMarkdown(h.description.replace(/\s*\n\s*/g, " "))}</td></tr>`,
  );
  if (rows.length === 0) return "";
  return `<table><thead><tr><th>Header</th><th>Meaning</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
}

/** The documented rate-limit windows (the spec's `x-xads-rate-limits`, through `@xads/types/facts`). */
function rateLimitWindowsTable() {
  /** @param {number} seconds */
  const length = (seconds) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);
  const rows = Object.values(rateLimitWindows).map(
    (w) =>
      `<tr><td>${inlineMarkdown(w.description)}</td><td>${w.limit.toLocaleString("en-US")}</td><td>${length(w.seconds)}</td></tr>`,
  );
  return `<table class="rate-limit-windows"><thead><tr><th>Window</th><th>Requests</th><th>Per</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
}

function errorCodesTable() {
  /** @type {Array<[string, readonly string[]]>} */
  const known = Object.entries(adsErrorCodesByStatus);
  const rows = known.map(
    ([status, codes]) =>
      `<tr><td>${escapeHtml(status)}</td><td>${codes.map((c) => `<code>${escapeHtml(c)}</code>`).join(" ")}</td></tr>`,
  );
  return `<table class="codes"><thead><tr><th>HTTP</th><th>Documented codes</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
}

/** The batch limits of campaigns and line items (generated from the spec: `@xads/types/facts`). */
const campaignBatchItems = [
  batchLimits["/12/batch/accounts/{account_id}/campaigns"].items,
  batchLimits["/12/batch/accounts/{account_id}/line_items"].items,
];
/** "40", or "40 / 50" when the two differ. */
const campaignBatchLimit = [...new Set(campaignBatchItems)].join(" / ");

/**
 * The (resolved) schema of an operation's parameter, or of the ads operations' shared parameter.
 * @param {Site} site
 * @param {string} name
 * @param {string} [operationId] omitted: the shared parameter
 * @returns {import("@xads/spec/lib/operations.mjs").Node | undefined}
 */
function parameterSchema(site, name, operationId) {
  const parameter = operationId
    ? site.operationsById.get(operationId)?.parameters.find((p) => p.name === name)
    : commonParameter(site, name);
  return parameter?.schema;
}

/**
 * The limits: the bounds the spec holds are read from it (parameter schemas, the generated batch limits);
 * the limits of server state (active campaigns, line items) are stated in the operations' descriptions.
 * @param {Site} site
 */
function limitsTable(site) {
  const count = parameterSchema(site, "count");
  const cardsCount = parameterSchema(site, "count", "listCards");
  const q = parameterSchema(site, "q");
  const idFilters = [
    parameterSchema(site, "account_ids", "listAccounts"),
    parameterSchema(site, "campaign_ids", "listCampaigns"),
    parameterSchema(site, "funding_instrument_ids", "listFundingInstruments"),
    parameterSchema(site, "line_item_ids", "listLineItems"),
  ].map((schema) => schema?.maxItems);
  const name = parameterSchema(site, "name", "createCampaign");
  const purchaseOrder = parameterSchema(site, "purchase_order_number", "createCampaign");
  /** @param {import("@xads/spec/lib/operations.mjs").Node | undefined} schema */
  const range = (schema) => `default ${schema?.default}, ${schema?.minimum} to ${schema?.maximum}`;
  const rows = [
    count && cardsCount ? ["<code>count</code>", `${range(count)} (cards: ${range(cardsCount)})`] : undefined,
    q ? ["<code>q</code> length", `${q.minLength} to ${q.maxLength}`] : undefined,
    idFilters.every((max) => typeof max === "number")
      ? [
          "ids in account, campaign, funding-instrument and line-item filters",
          `up to ${[...new Set(idFilters)].join(" / ")}`,
        ]
      : undefined,
    ["batch size, campaigns and line items", `${campaignBatchLimit} items`],
    [
      "active campaigns per account",
      "200 by default, raisable to 8,000 through the account manager; inactive campaigns unlimited",
    ],
    ["line items", "100 per campaign, 256 active across all campaigns"],
    name && purchaseOrder
      ? ["campaign name / purchase order number", `${name.maxLength} / ${purchaseOrder.maxLength} characters`]
      : undefined,
  ].filter((row) => row !== undefined);
  return `<table><thead><tr><th>What</th><th>Limit</th></tr></thead><tbody>
${rows.map(([what, limit]) => `<tr><td>${what}</td><td>${limit}</td></tr>`).join("\n")}
</tbody></table>`;
}

/** @param {Site} site */
function operationsIndex(site) {
  return site.referenced
    .map((doc) => {
      /** @type {Map<string, SiteOperation[]>} */
      const byTag = new Map();
      for (const op of doc.operations) {
        const tag = op.tags[0] ?? "default";
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag)?.push(op);
      }
      const groups = [...byTag.entries()].map(([tag, ops]) => {
        const rows = ops
          .slice()
          .sort(
            (a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
          )
          .map(
            (op) =>
              `<tr><td><span class="method method-${op.method}">${op.method.toUpperCase()}</span></td><td><a class="operation-link" data-operation-id="${escapeHtml(
                op.id,
              )}" href="${escapeHtml(op.link)}"><code>${escapeHtml(op.path)}</code></a></td><td>${inlineMarkdown(op.summary)}${
                op.rules.length
                  ? ` <span class="badge" title="cross-field rules">${op.rules.length} rule${op.rules.length > 1 ? "s" : ""}</span>`
                  : ""
              }</td></tr>`,
          );
        return `<h4>${escapeHtml(tag)}</h4>\n<table class="operations"><thead><tr><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
      });
      return `<details open><summary><h3>${escapeHtml(doc.title)} <span class="muted">(${doc.operations.length})</span></h3></summary>\n${groups.join("\n")}</details>`;
    })
    .join("\n");
}

/**
 * The landing page.
 * @param {Site} site
 */
export function renderLanding(site) {
  /**
   * @param {string} id
   * @param {string} [label]
   */
  const op = (id, label) => opLink(site, id, label);
  const total = site.referenced.reduce((n, d) => n + d.operations.length, 0);
  const body = renderContent("landing", {
    blocks: {
      documents: () => documentsTable(site),
      "common-parameters": () => parametersTable(site),
      limits: () => limitsTable(site),
      "error-codes": () => errorCodesTable(),
      "rate-limit-headers": () => headersTable(site),
      "rate-limit-windows": () => rateLimitWindowsTable(),
      operations: () => operationsIndex(site),
    },
    values: {
      total: () => String(total),
      adsSandboxServer: () => escapeHtml(adsSandboxServer),
      adsProductionServer: () => escapeHtml(adsProductionServer),
      campaignBatchLimit: () => escapeHtml(campaignBatchLimit),
      page: (kind) =>
        escapeHtml(fileOf(site.pages, /** @type {"landing" | "events" | "history" | "emulator" | "guides"} */ (kind))),
      op: (argument = "") => {
        const [id = "", label] = argument.split("|");
        return op(id, label);
      },
    },
  });
  return page({
    title: "X Ads API reference",
    description:
      "Reference of the X Ads API v12, its authentication host, tailored-audience permissions and media upload.",
    nav: site.nav,
    current: fileOf(site.pages, "landing"),
    body,
  });
}
