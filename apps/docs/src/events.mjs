// The events page, rendered from the bundle of the document with the role `events`: one schema per event
// type (`x-event-type`, optional `x-legacy-name` and `x-renamed-on`), and its `webhooks` where present.
// It reads that bundle itself: the model gives operations, and event types are component schemas and
// webhooks, which it does not model.
import { resolve } from "@xads/spec/lib/operations.mjs";
import { formatDate } from "./history.mjs";
import { escapeHtml, inlineMarkdown, page, paragraphs } from "./html.mjs";
import { fileOf } from "./pages.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */

/**
 * The event types of an activity bundle: [{name, type, legacyName, renamedOn, schema}], sorted by type.
 * @param {Node | undefined} bundle
 * @returns {{ name: string, type: string, legacyName?: string, renamedOn?: string, schema: Node }[]}
 */
export function eventTypes(bundle) {
  return Object.entries(bundle?.components?.schemas ?? {})
    .filter(([, schema]) => typeof schema?.["x-event-type"] === "string")
    .map(([name, schema]) => ({
      name,
      type: schema["x-event-type"],
      legacyName: schema["x-legacy-name"],
      renamedOn: schema["x-renamed-on"],
      schema,
    }))
    .sort((a, b) => a.type.localeCompare(b.type));
}

/** @param {string} type */
export const eventAnchor = (type) => `event-${type.replace(/[^A-Za-z0-9_-]+/g, "-")}`;

/**
 * @param {Node} bundle
 * @param {Node | undefined} schema
 * @returns {string}
 */
function typeName(bundle, schema) {
  const resolved = resolve(bundle, schema ?? {});
  if (schema?.$ref) return schema.$ref.split("/").at(-1);
  const type = [resolved.type].flat().filter(Boolean).join(" or ");
  if (type === "array") return `array of ${typeName(bundle, resolved.items)}`;
  if (resolved.enum)
    return `${type || "value"}: ${resolved.enum.map((/** @type {unknown} */ v) => JSON.stringify(v)).join(", ")}`;
  if (resolved.const !== undefined) return JSON.stringify(resolved.const);
  return [type, resolved.format].filter(Boolean).join(", ") || "any";
}

/**
 * @param {Node} bundle
 * @param {Node} schema
 */
function properties(bundle, schema) {
  const resolved = resolve(bundle, schema);
  /** @type {Node[]} */
  const parts = [resolved, ...(resolved.allOf ?? []).map((/** @type {Node} */ s) => resolve(bundle, s))];
  const rows = [];
  const required = new Set(parts.flatMap((p) => p.required ?? []));
  for (const part of parts) {
    for (const [name, property] of Object.entries(part.properties ?? {})) {
      const described = resolve(bundle, property);
      rows.push(
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="required">required</span>' : ""}</td><td>${escapeHtml(
          typeName(bundle, property),
        )}</td><td>${inlineMarkdown((property.description ?? described.description ?? "").replace(/\s*\n\s*/g, " "))}</td></tr>`,
      );
    }
  }
  if (rows.length === 0) return '<p class="muted">The payload fields are not documented.</p>';
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** @param {Node} bundle */
function webhooksSection(bundle) {
  const hooks = Object.entries(bundle.webhooks ?? {});
  if (hooks.length === 0) return "";
  const items = hooks.flatMap(([name, rawItem]) => {
    const item = resolve(bundle, rawItem);
    return Object.entries(item)
      .filter(
        ([method, op]) =>
          typeof op === "object" && op !== null && ["get", "put", "post", "delete", "patch"].includes(method),
      )
      .map(([method, rawOp]) => {
        const op = resolve(bundle, rawOp);
        const media = Object.values(resolve(bundle, op.requestBody)?.content ?? {})[0];
        const payload = media?.schema ? typeName(bundle, media.schema) : undefined;
        return `<li id="webhook-${escapeHtml(name)}"><h3><code>${method.toUpperCase()}</code> ${escapeHtml(name)}</h3>
${op.summary ? `<p>${inlineMarkdown(op.summary)}</p>` : ""}${paragraphs(op.description)}${
  payload ? `<p>Payload: <code>${escapeHtml(payload)}</code></p>` : ""
}</li>`;
      });
  });
  return `<h2 id="webhooks">Webhook deliveries</h2>\n<ul class="webhooks">${items.join("\n")}</ul>`;
}

/**
 * The whole page (a "not yet available" note until the events document's bundle exists).
 * @param {{
 *   events?: { name: string, bundle: Node },
 *   nav: import("./site.mjs").NavLink[],
 *   pages: import("./pages.mjs").SitePage[],
 * }} site
 */
export function renderEvents(site) {
  const bundle = site.events?.bundle;
  const types = bundle ? eventTypes(bundle) : [];
  let body;
  if (!bundle || (types.length === 0 && !bundle.webhooks)) {
    body = `<h1>Events</h1>
<p class="note" id="events-unavailable">The event types are not yet available: ${
      site.events
        ? `the <code>${escapeHtml(site.events.name)}</code> bundle (<code>spec/dist/${escapeHtml(site.events.name)}.json</code>) declares no event type`
        : "<code>spec/documents.json</code> lists no document with the role <code>events</code>"
    }.</p>`;
  } else {
    const rows = types.map(
      (t) =>
        `<tr id="${eventAnchor(t.type)}"><td><code>${escapeHtml(t.type)}</code></td><td>${
          t.legacyName ? `<code>${escapeHtml(t.legacyName)}</code>` : ""
        }</td><td>${t.renamedOn ? `<time datetime="${escapeHtml(t.renamedOn)}">${formatDate(t.renamedOn)}</time>` : ""}</td><td>${inlineMarkdown(
          (t.schema.description ?? t.schema.title ?? "").replace(/\s*\n\s*/g, " "),
        )}</td></tr>`,
    );
    const details = types.map(
      (t) => `<section class="event" aria-labelledby="${eventAnchor(t.type)}-payload">
<h3 id="${eventAnchor(t.type)}-payload"><code>${escapeHtml(t.type)}</code> <span class="muted">(${escapeHtml(t.name)})</span></h3>
${properties(bundle, t.schema)}
</section>`,
    );
    body = `<h1>Events</h1>
${paragraphs(bundle.info?.description ?? bundle.info?.summary ?? "")}
<h2 id="event-types">Event types</h2>
<table class="events"><thead><tr><th>Event type</th><th>Older name</th><th>Renamed on</th><th>Meaning</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>
${webhooksSection(bundle)}
<h2 id="payloads">Payloads</h2>
${details.join("\n")}`;
  }
  return page({
    title: "Events · X Ads API reference",
    description: "The event types of the activity subscription interface.",
    nav: site.nav,
    current: fileOf(site.pages, "events"),
    body,
  });
}
