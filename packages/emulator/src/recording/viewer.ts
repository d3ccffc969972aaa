// The viewer written beside a recording (DIR/index.html): one self-contained page, no script and no
// external asset (its content security policy allows neither), every recorded value escaped. A
// timeline of the exchanges, each opening onto its request, its answer, the records it created,
// updated or deleted (changes.ts) and the state rules its writes ran.
import { changesOf } from "./changes.js";
import type { HarEntry, HarPair, Recording } from "./har.js";

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1d2330}
h1{font-size:1.3rem}ol{padding-left:2.5rem}li{margin:.15rem 0}
summary{cursor:pointer;font-family:ui-monospace,monospace;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.status{font-weight:bold}.ok{color:#1a7f37}.client-error{color:#b35900}.server-error,.dropped{color:#c62828}
.change{color:#0b57d0}.refused{color:#8250df}.time{color:#667}
pre{background:#f4f5f7;padding:.5rem;overflow:auto;max-height:24rem;white-space:pre-wrap;word-break:break-all}
h3{font-size:.95rem;margin:.6rem 0 .2rem}`;

function statusClass(entry: HarEntry): string {
  const { status } = entry.response;
  if (entry._xads?.dropped) return "dropped";
  return status >= 500 ? "server-error" : status >= 400 ? "client-error" : "ok";
}

/** JSON shown indented; other text as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const headerLines = (headers: HarPair[]) => headers.map(({ name, value }) => `${name}: ${value}`).join("\n");
const pre = (text: string) => `<pre>${escapeHtml(text)}</pre>`;

function path(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

function entryHtml(entry: HarEntry, index: number, start: number): string {
  const facts = entry._xads;
  const at = facts?.at ?? Date.parse(entry.startedDateTime);
  const changes = changesOf(entry);
  const changeText = changes.map((c) => `${c.change} ${c.resource} ${c.id}`).join(", ");
  const status = facts?.dropped ? "dropped" : String(entry.response.status);
  const summary = [
    `<span class="time" title="${escapeHtml(entry.startedDateTime)}">+${((at - start) / 1000).toFixed(3)} s</span>`,
    `<span class="method">${escapeHtml(entry.request.method)}</span>`,
    `<span class="path">${escapeHtml(path(entry.request.url))}</span>`,
    `<span class="status ${statusClass(entry)}">${escapeHtml(status)}</span>`,
    facts?.operationId ? `<span class="operation">${escapeHtml(facts.operationId)}</span>` : "",
    facts?.refusedBy ? `<span class="refused">refused by ${escapeHtml(facts.refusedBy)}</span>` : "",
    changeText ? `<span class="change">${escapeHtml(changeText)}</span>` : "",
  ].filter(Boolean);
  const rules = (facts?.rules ?? []).map(
    (rule) => `<li>${escapeHtml(rule.ids.join(", ") || rule.name)}: ${rule.held ? "held" : "refused the change"}</li>`,
  );
  const body = entry.request.postData;
  const details = [
    "<h3>Request</h3>",
    pre(`${entry.request.method} ${entry.request.url}\n${headerLines(entry.request.headers)}`),
    body ? pre(body._xads ? `(${body.text.length} characters of base64)` : pretty(body.text)) : "",
    "<h3>Answer</h3>",
    pre(`${status}\n${headerLines(entry.response.headers)}`),
    entry.response.content.text !== undefined ? pre(pretty(entry.response.content.text)) : "",
    changes.length > 0
      ? `<h3>State change</h3><ul>${changes.map((c) => `<li>${escapeHtml(`${c.change} ${c.resource} ${c.id}`)}</li>`).join("")}</ul>`
      : "",
    rules.length > 0 ? `<h3>State rules</h3><ul>${rules.join("")}</ul>` : "",
  ];
  return `<li id="entry-${index + 1}" class="entry"><details><summary>${summary.join(" ")}</summary>${details.join("")}</details></li>`;
}

export function viewerHtml(recording: Recording): string {
  const { entries, _xads: start } = recording.log;
  const first = entries[0];
  const startTime = start?.clock.start ?? (first ? Date.parse(first.startedDateTime) : 0);
  const about = start
    ? `${entries.length} requests from ${new Date(startTime).toISOString()} (${start.clock.virtual ? "virtual" : "real-time"} clock); ${start.options.auth} auth, rate limits ${start.options.rateLimits ? "on" : "off"}${start.options.disabledRules.length > 0 ? `, rules off: ${start.options.disabledRules.join(", ")}` : ""}; ${start.faults.length} faults pending at the start.`
    : `${entries.length} requests.`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Flight recording: ${entries.length} requests</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Flight recording</h1>
<p>${escapeHtml(about)} Credentials are redacted (<code>redacted.token.1</code> stands for one token throughout).</p>
<ol class="timeline">
${entries.map((entry, index) => entryHtml(entry, index, startTime)).join("\n")}
</ol>
</body>
</html>
`;
}
