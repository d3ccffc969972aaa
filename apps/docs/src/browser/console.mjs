// The "Try it" console of a reference page: sends any operation of the page to the in-page emulator (the
// service worker emulator-sw.js) and shows the answer. The page reads the same without it; it adds one
// panel, opened from a button, that lists the page's operations with their example values, editable.
import { sendOperation } from "../console/send.mjs";
import { renderAnswer } from "./answer-view.mjs";
import { controlsPanel } from "./controls.mjs";
import { el } from "./dom.mjs";
import { inPageEmulator, siteRoot } from "./in-page-emulator.mjs";

/** @typedef {import("../console/operations.mjs").ConsoleOperation} ConsoleOperation */
/** @typedef {import("../console/operations.mjs").ConsoleBody} ConsoleBody */
/** @typedef {import("../console/send.mjs").Edits} Edits */

/**
 * The fields of a body: its text, or one per part of a multipart body (a file input for a binary part).
 * @param {ConsoleBody | undefined} body
 */
function bodyFields(body) {
  if (!body) return [];
  if (!("parts" in body)) {
    const area = el("textarea", { name: "body", rows: "8", spellcheck: "false" }, [body.text]);
    return [el("label", {}, [`body (${body.mediaType})`, area])];
  }
  return body.parts.map((p) =>
    p.kind === "file"
      ? el("label", {}, [`${p.name} (file part)`, el("input", { type: "file", name: `part.${p.name}` })])
      : el("label", {}, [`${p.name} (part)`, el("input", { name: `part.${p.name}`, value: p.value })]),
  );
}

/**
 * Reads the parts of a multipart body from the form; a file input with no file chosen is left out.
 * @param {FormData} data
 */
function partsOf(data) {
  /** @type {Record<string, string | Blob>} */
  const parts = {};
  for (const [name, value] of data) {
    if (!name.startsWith("part.")) continue;
    if (typeof value !== "string" && value.name === "" && value.size === 0) continue;
    parts[name.slice("part.".length)] = value;
  }
  return parts;
}

/**
 * @param {ConsoleOperation[]} operations
 * @param {(operation: ConsoleOperation, edits: Edits) => Promise<void>} onSend
 */
function operationForm(operations, onSend) {
  const select = el("select", { "aria-label": "Operation", "data-console": "operation" });
  for (const o of operations) select.append(el("option", { value: o.id }, [`${o.method} ${o.path} (${o.id})`]));
  const fields = el("div", { class: "xads-console-fields" });
  const send = el("button", { type: "submit", "data-console": "send" }, ["Send"]);
  const form = el("form", { class: "xads-console-form" }, [select, fields, send]);
  const current = () => operations.find((o) => o.id === select.value) ?? operations[0];
  const fill = () => {
    const operation = current();
    fields.replaceChildren();
    if (!operation) return;
    for (const p of operation.parameters) {
      const input = el("input", { name: `${p.in}.${p.name}`, value: p.value });
      fields.append(el("label", {}, [`${p.name} (${p.in})`, input]));
    }
    const bodies = operation.body ? [operation.body, ...operation.otherBodies] : [];
    const bodyArea = el("div", {}, bodyFields(bodies[0]));
    if (bodies.length > 1) {
      const choice = el("select", { name: "mediaType", "data-console": "media-type" });
      for (const b of bodies) choice.append(el("option", { value: b.mediaType }, [b.mediaType]));
      choice.addEventListener("change", () =>
        bodyArea.replaceChildren(...bodyFields(bodies.find((b) => b.mediaType === choice.value))),
      );
      fields.append(el("label", {}, ["body media type", choice]));
    }
    fields.append(bodyArea);
  };
  select.addEventListener("change", fill);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const operation = current();
    if (!operation) return;
    const data = new FormData(form);
    /** @type {Record<string, string>} */
    const values = {};
    for (const p of operation.parameters) values[`${p.in}.${p.name}`] = String(data.get(`${p.in}.${p.name}`) ?? "");
    const body = data.get("body");
    const mediaType = data.get("mediaType");
    void onSend(operation, {
      values,
      ...(typeof body === "string" ? { body } : {}),
      ...(typeof mediaType === "string" ? { mediaType } : {}),
      parts: partsOf(data),
    });
  });
  /** @param {string} id */
  const choose = (id) => {
    if (!operations.some((o) => o.id === id)) return false;
    select.value = id;
    fill();
    return true;
  };
  fill();
  return { form, choose };
}

async function main() {
  const meta = document.querySelector('meta[name="xads-console"]');
  if (!meta || !("serviceWorker" in navigator)) return;
  const operationsUrl = new URL(meta.getAttribute("content") ?? "", document.baseURI);
  /** @type {ConsoleOperation[]} */
  const operations = await fetch(operationsUrl).then((r) => r.json());
  const through = await inPageEmulator();
  // The panel is built when first opened, so the page's own text (and its search) is as it was.
  /** @type {{ panel: HTMLElement, choose: (id: string) => boolean } | undefined} */
  let built;
  const build = () => {
    if (built) return built;
    const output = el("div", { class: "xads-console-answer", "aria-live": "polite", "data-console": "answer" });
    const { form, choose } = operationForm(operations, async (operation, edits) => {
      output.replaceChildren(el("p", {}, ["Sending…"]));
      renderAnswer(output, await sendOperation(operation, edits, through));
    });
    const panel = el("section", { class: "xads-console", id: "xads-console", "aria-label": "Try it", hidden: "" }, [
      el("h2", {}, ["Try it against the emulator in this page"]),
      el("p", {}, [
        "Requests go to the emulator running in this page's service worker, never to the network; its records are kept across pages and reloads.",
      ]),
      form,
      output,
      controlsPanel(siteRoot, () => form.querySelector("select")?.value ?? "*"),
    ]);
    document.body.append(panel);
    built = { panel, choose };
    selectFromHash();
    return built;
  };
  const toggle = el(
    "button",
    { type: "button", class: "xads-console-toggle", "aria-controls": "xads-console", "aria-expanded": "false" },
    ["Try it"],
  );
  toggle.addEventListener("click", () => {
    const { panel } = build();
    panel.hidden = !panel.hidden;
    toggle.setAttribute("aria-expanded", String(!panel.hidden));
  });
  document.body.append(toggle);
  // Opening an operation in Redoc (its hash route ends with the operation id, lowercased) selects it in the console.
  function selectFromHash() {
    const route = (decodeURIComponent(location.hash).split("/").pop() ?? "").toLowerCase();
    const operation = operations.find((o) => o.id.toLowerCase() === route);
    if (operation && built) built.choose(operation.id);
  }
  window.addEventListener("hashchange", selectFromHash);
  Object.assign(window, {
    xadsConsole: {
      operations,
      /** @param {string} id @param {Edits} [edits] */
      send: (id, edits = {}) => {
        const operation = operations.find((o) => o.id === id);
        if (!operation) throw new Error(`this page has no operation ${id}`);
        return sendOperation(operation, edits, through);
      },
      /** @param {string} id */
      choose: (id) => build().choose(id),
    },
  });
  document.documentElement.dataset.consoleReady = "true";
}

void main();
