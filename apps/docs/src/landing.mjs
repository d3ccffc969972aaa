// The landing page: what the API is, hosts, authentication, the shared conventions, errors, rate limits, and
// an index of every operation with its deep link. Tables of parameters, headers and error codes come from
// the bundles, so they follow the spec.
import { resolve } from "@xads/spec/lib/operations.mjs";
import { adsProductionServer, adsSandboxServer, batchLimits } from "@xads/types/facts";
import { escapeHtml, inlineMarkdown, page } from "./html.mjs";

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

/** @param {SiteDocument} doc */
function serversOf(doc) {
  /** @type {Map<string, string>} */
  const urls = new Map();
  for (const s of doc.bundle?.servers ?? []) urls.set(s.url, s.description ?? "");
  for (const item of Object.values(doc.bundle?.paths ?? {})) {
    for (const s of item.servers ?? []) if (!urls.has(s.url)) urls.set(s.url, s.description ?? "");
  }
  return [...urls.entries()];
}

/** @param {Site} site */
function documentsTable(site) {
  const rows = site.documents.map((doc) => {
    const reference = doc.operations.length
      ? `<a href="${escapeHtml(doc.page)}">${escapeHtml(doc.title)}</a>`
      : doc.name === "activity"
        ? `<a href="events.html">${escapeHtml(doc.title)}</a> <span class="muted">(event types)</span>`
        : `${escapeHtml(doc.title)} <span class="muted">(no operations yet)</span>`;
    const servers = serversOf(doc)
      .map(
        ([url, description]) =>
          `<code>${escapeHtml(url)}</code>${description ? ` <span class="muted">${escapeHtml((description.split(/[(;]/)[0] ?? "").trim())}</span>` : ""}`,
      )
      .join("<br>");
    const mock =
      doc.mockPort && doc.operations.length
        ? `<code>http://127.0.0.1:${doc.mockPort}</code>`
        : '<span class="muted">not served</span>';
    const download = doc.operations.length
      ? `<a href="openapi/${escapeHtml(doc.name)}.json">${escapeHtml(doc.name)}.json</a>`
      : "";
    return `<tr><td>${reference}</td><td>${doc.operations.length}</td><td>${servers}</td><td>${mock}</td><td>${download}</td></tr>`;
  });
  return `<table><thead><tr><th>Document</th><th>Operations</th><th>Servers</th><th>Local mock</th><th>OpenAPI</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>`;
}

/** @param {Site} site */
const adsBundle = (site) => site.documents.find((d) => d.name === "ads")?.bundle;

/** @param {Site} site */
function parametersTable(site) {
  const bundle = adsBundle(site);
  if (!bundle) return "";
  const names = ["count", "cursor", "sort_by", "with_deleted", "with_total_count"];
  const rows = names
    .map((name) => bundle.components?.parameters?.[name])
    .filter(Boolean)
    .map((p) => {
      const schema = resolve(bundle, p.schema ?? {});
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
  const headers = adsBundle(site)?.components?.headers ?? {};
  const rows = Object.entries(headers).map(
    ([name, h]) =>
      `<tr><td><code>${escapeHtml(name)}</code></td><td>${inlineMarkdown((h.description ?? "").replace(/\s*\n\s*/g, " "))}</td></tr>`,
  );
  if (rows.length === 0) return "";
  return `<table><thead><tr><th>Header</th><th>Meaning</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
}

/** @param {Site} site */
function errorCodesTable(site) {
  const known = adsBundle(site)?.components?.schemas?.AdsError?.properties?.code?.["x-known-values"];
  if (!known) return "";
  const rows = Object.entries(known).map(
    ([status, codes]) =>
      `<tr><td>${escapeHtml(status)}</td><td>${codes.map((/** @type {string} */ c) => `<code>${escapeHtml(c)}</code>`).join(" ")}</td></tr>`,
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
 * The schema of an ads operation's parameter, or of a shared parameter of the ads components.
 * @param {Site} site
 * @param {string} name
 * @param {string} [operationId] omitted: the shared parameter
 * @returns {import("@xads/spec/lib/operations.mjs").Node | undefined}
 */
function parameterSchema(site, name, operationId) {
  const bundle = adsBundle(site);
  if (!bundle) return undefined;
  const parameter = operationId
    ? site.operationsById.get(operationId)?.parameters.find((p) => p.name === name)
    : resolve(bundle, bundle.components?.parameters?.[name] ?? {});
  return parameter?.schema ? resolve(bundle, parameter.schema) : undefined;
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
  return `<table><tbody>
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
        const tag = op.operation.tags?.[0] ?? "default";
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
                op.operationId,
              )}" href="${escapeHtml(op.link)}"><code>${escapeHtml(op.path)}</code></a></td><td>${inlineMarkdown(op.operation.summary ?? "")}${
                op.rules.length
                  ? ` <span class="badge" title="cross-field rules">${op.rules.length} rule${op.rules.length > 1 ? "s" : ""}</span>`
                  : ""
              }</td></tr>`,
          );
        return `<h4>${escapeHtml(tag)}</h4>\n<table class="operations"><tbody>${rows.join("\n")}</tbody></table>`;
      });
      return `<details open><summary><h3>${escapeHtml(doc.title)} <span class="muted">(${doc.operations.length})</span></h3></summary>\n${groups.join("\n")}</details>`;
    })
    .join("\n");
}

/** @param {unknown} value */
const json = (value) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

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
  const body = `
<h1>X Ads API reference</h1>
<p class="lead">The X Ads API (version 12) manages advertising accounts, campaigns, line items, funding instruments,
targeting, audiences and creatives on behalf of the authenticating user. Around it sit the authentication host
(three-legged OAuth 1.0a and application-only bearer tokens), the tailored-audience permissions (version 5) and the
media upload host. This site documents ${total} operations, generated from the OpenAPI 3.1 documents that are the
single source of truth for the types, client, validators and mocks.</p>

<nav class="toc" aria-label="On this page">
  <a href="#hosts">Hosts and servers</a> · <a href="#authentication">Authentication</a> ·
  <a href="#conventions">Conventions</a> · <a href="#batches">Batches</a> · <a href="#limits">Limits</a> ·
  <a href="#errors">Errors</a> · <a href="#rate-limits">Rate limits and retries</a> ·
  <a href="#operations">All operations</a>
</nav>

<h2 id="hosts">Hosts and servers</h2>
${documentsTable(site)}
<p>Paths carry their version segment (<code>/12/accounts</code>, <code>/5/accounts/…</code>,
<code>/1.1/oauth/invalidate_token</code>) and servers carry only the host, so a client moves between production,
sandbox and the local mock by its base URL alone. The sandbox (<code>${adsSandboxServer}</code>) has the
same paths as production; accounts, funding instruments and account features can be created and deleted there at
no cost, and the operations that exist only there say "(sandbox)". All authorization steps use HTTPS.</p>
<p>The local mocks answer from the documents' examples and reject a request that breaks a documented bound with
the API's own error body. Ask for a documented error response with the <code>Prefer</code> header, for example
<code>Prefer: code=429, example=tooManyRequests</code>.</p>

<h2 id="authentication">Authentication</h2>
<h3 id="oauth1">Three-legged OAuth 1.0a (user context)</h3>
<p>Every advertising endpoint acts for the authenticating user and is signed with OAuth 1.0a (HMAC-SHA1) using the
application's consumer key and secret and the user's access token and secret. To obtain an access token:</p>
<ol>
  <li>${op("createRequestToken")}: signed with the consumer key and secret only, with <code>oauth_callback</code>
  (a callback URL registered in the application settings, or <code>oob</code> for PIN mode). The answer carries
  <code>oauth_token</code>, <code>oauth_token_secret</code> and <code>oauth_callback_confirmed=true</code>.</li>
  <li>Send the user to ${op("authorizeRequestToken")} (desktop applications must use this one) or
  ${op("authenticateRequestToken")} (skips re-approval for a user who already granted access; needs "Sign in with
  X" on the application) with the request token. On approval the user returns to the callback with
  <code>oauth_verifier</code>, or sees a PIN in <code>oob</code> mode.</li>
  <li>${op("createAccessToken")} with the request token and <code>oauth_verifier</code> (strictly required) answers
  <code>oauth_token</code>, <code>oauth_token_secret</code>, <code>user_id</code> and <code>screen_name</code>.</li>
</ol>
<p>The <code>Authorization: OAuth …</code> header carries <code>oauth_consumer_key</code>, <code>oauth_nonce</code>
(ASCII only), <code>oauth_signature</code>, <code>oauth_signature_method="HMAC-SHA1"</code>,
<code>oauth_timestamp</code>, <code>oauth_version="1.0"</code>, <code>oauth_token</code> when a token is in use and
<code>oauth_callback</code> on the request-token step only. The signature base string is
<code>METHOD&amp;enc(URL without query)&amp;enc(parameters)</code>, where the parameters are the query, a form body
and the <code>oauth_*</code> values (never a JSON body), percent-encoded with RFC 3986 unreserved characters only and
sorted by key, then value; the key is <code>enc(consumer secret)&amp;enc(token secret)</code>. The typed client
signs for you:</p>
<pre><code>import { createAdsClient } from "@xads/client";

const ads = createAdsClient({
  baseUrl: "${adsProductionServer}",
  oauth1: { consumerKey, consumerSecret, token, tokenSecret },
});
const { data, error } = await ads.GET("/12/accounts/{account_id}", {
  params: { path: { account_id: "18ce54d4x5t" } },
});</code></pre>

<h3 id="bearer">Application-only bearer token</h3>
<p>${op("createBearerToken")} with HTTP Basic credentials (API key as user name, API key secret as password) and
the form body <code>grant_type=client_credentials</code> answers <code>{"token_type":"bearer","access_token":…}</code>.
The token acts without user context; only one is outstanding per application and repeated calls return the same
one, so cache it (asking too often answers 403 with code 99).</p>

<h3 id="revocation">Revocation</h3>
<ul>
  <li>${op("invalidateAccessToken")} revokes an OAuth 1.0a access token; it is called in user context with that very
  token. Later use answers 401 with code 89, and a new authorization yields a different token.</li>
  <li>${op("invalidateBearerToken")} revokes a bearer token; it is signed with OAuth 1.0a using the application's
  consumer keys and the application owner's access token and secret. The next ${op("createBearerToken", "createBearerToken")}
  yields a different token.</li>
</ul>
<p>The authentication host answers errors with numeric codes: <code>{"errors":[{"code":89,"message":"Invalid or
expired token."}]}</code> (401), 99 (403, credentials could not be verified or a bearer token requested too often),
220 (403, these credentials do not allow access to the resource), 88 (429, rate limit exceeded).</p>

<h2 id="conventions">Conventions of the advertising interface</h2>
<ul>
  <li><strong>Identifiers</strong> (<code>id</code>, <code>account_id</code>, <code>campaign_id</code>, …) are strings.
  <code>:account_id</code> must belong to the authenticated user.</li>
  <li><strong>Records</strong> carry <code>id</code>, <code>created_at</code> and <code>updated_at</code> (ISO 8601 UTC
  strings) and <code>deleted</code>. Timestamps in requests are ISO 8601 too.</li>
  <li><strong>Micros</strong>: fields ending in <code>_local_micro</code> are 64-bit integers, the amount in the funding
  instrument's currency times 1,000,000 (<code>5000000</code> is 5.00).</li>
  <li><strong>Where parameters travel</strong>: ordinary POST and PUT parameters go in the query string (a form body is
  also accepted); JSON bodies only for batches and the endpoints that say so. A PUT changes only the fields sent; an
  optional value is unset by sending the parameter with an empty value.</li>
  <li><strong>Soft delete</strong>: a DELETE answers the record with <code>deleted: true</code>. Deleting is irreversible
  and a second DELETE answers 404. Deleted records appear in reads only with <code>with_deleted=true</code>; otherwise a
  deleted record reads as 404. Some records (draft posts, poll cards) are hard-deleted: their descriptions say so.</li>
  <li><strong>Paging</strong>: lists take <code>count</code> and <code>cursor</code> and answer <code>next_cursor</code>
  (<code>null</code> on the last page); pass it back as <code>cursor</code>. <code>with_total_count=true</code> adds
  <code>total_count</code>, excludes <code>cursor</code> and has a lower rate limit (200 requests per 15 minutes).</li>
  <li><strong>Sorting</strong>: <code>sort_by=&lt;attribute&gt;-asc</code> or <code>-desc</code>, for example
  <code>created_at-desc</code>.</li>
  <li><strong>Cross-field rules</strong> that JSON Schema cannot express (for example "the daily budget must not exceed the
  total budget") are listed on each operation under "Cross-field rules" with the error code the API answers.</li>
</ul>
<h3 id="envelopes">Envelopes</h3>
<div class="cols">
<div><p>One record</p>${json({ request: { params: { account_id: "18ce54d4x5t" } }, data: { id: "18ce54d4x5t", deleted: false } })}</div>
<div><p>A page of records</p>${json({ request: { params: {} }, next_cursor: "8x7v00oow", total_count: 42, data: [{ id: "18ce54d4x5t" }] })}</div>
</div>
<h3 id="common-parameters">Common list parameters</h3>
${parametersTable(site)}

<h2 id="batches">Batches</h2>
<p>Batch endpoints (<code>POST /12/batch/accounts/{account_id}/…</code>) take a JSON array of
<code>{"operation_type": "Create" | "Update" | "Delete", "params": {…}}</code> items (at most ${campaignBatchLimit} for campaigns and
line items). The whole batch succeeds or fails together and the order is kept: <code>data</code> is the ordered
records and <code>request</code> the ordered <code>{params, operation_type}</code> items.</p>
<div class="cols">
<div><p>Success</p>${json({ data: [{ id: "8wku2", name: "demo" }], request: [{ params: { name: "demo" }, operation_type: "Update" }] })}</div>
<div><p>Failure: a request-level problem (a batch too large) under <code>errors</code>; item problems under
<code>operation_errors</code>, index-aligned with the input (<code>null</code> or empty for a good item)</p>${json({
    errors: [],
    operation_errors: [[], [{ code: "MISSING_PARAMETER", message: "name is missing", parameter: "name" }]],
  })}</div>
</div>

<h2 id="limits">Limits</h2>
${limitsTable(site)}

<h2 id="errors">Errors</h2>
<p>Every non-2xx answer of the advertising interface carries the same JSON body. Each error has <code>code</code>
(an upper-case string) and <code>message</code>; <code>parameter</code>, <code>details</code> and <code>value</code> may be
present and further fields may appear. The list of codes is open: handle unknown codes by HTTP status. When the body
cannot be parsed (some 404s are HTML), the status wins.</p>
${json({ errors: [{ code: "INVALID_PARAMETER", message: "Expected an integer between 1 and 1000, got 0 for count", parameter: "count" }], request: { params: {} } })}
${errorCodesTable(site)}
<p>The v2 media endpoints of the upload document answer errors as problem objects
(<code>{title, detail, type, status}</code>).</p>

<h2 id="rate-limits">Rate limits and retries</h2>
${headersTable(site)}
<ul>
  <li>When the account-level headers are present (GET requests), they govern; otherwise the user-level ones do.</li>
  <li>On <strong>429</strong>, wait until the reset time (Unix epoch seconds) before retrying. On <strong>503</strong>,
  honour <code>retry-after</code>.</li>
  <li>Windows: writes (POST, PUT, DELETE) 450 per minute; audience user batches 1,500 per minute; core entity reads
  10,000 per 15 minutes per account; reads without an account id 5 per 15 minutes; keyword insights 500 per 15
  minutes; <code>with_total_count</code> requests 200 per 15 minutes. The authentication endpoints are rate limited
  too, but their figures are not published.</li>
</ul>

<h2 id="operations">All operations</h2>
<p>Each link opens the operation in its reference page, with its parameters, responses, cross-field rules and code
samples (curl and the TypeScript client). Search a reference page with <kbd>Ctrl</kbd>+<kbd>K</kbd>. See also the
<a href="events.html">event types</a> and the <a href="history.html">change history</a>.</p>
${operationsIndex(site)}
`;
  return page({
    title: "X Ads API reference",
    description:
      "Reference of the X Ads API v12, its authentication host, tailored-audience permissions and media upload.",
    nav: site.nav,
    current: "index.html",
    body,
  });
}
