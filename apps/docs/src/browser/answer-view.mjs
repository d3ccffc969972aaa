// Shows an answer in the console: its status, its headers, its body (pretty when JSON) and, when the
// emulator refuses, why: the error body's messages and its x-xads-emulator-* hint headers.
import { el } from "./dom.mjs";

/** @param {string} text */
function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** @param {string} text the answer's body */
function refusalMessages(text) {
  try {
    const body = JSON.parse(text);
    const errors = Array.isArray(body?.errors) ? body.errors : [];
    return errors.map((/** @type {{ code?: string, message?: string }} */ e) =>
      [e.code, e.message].filter(Boolean).join(": "),
    );
  } catch {
    return [];
  }
}

/**
 * @param {HTMLElement} output
 * @param {import("../console/send.mjs").Answer & { url: string, method: string }} answer
 */
export function renderAnswer(output, answer) {
  const hints = answer.headers.filter(([name]) => name.startsWith("x-xads-emulator-"));
  const why = answer.status >= 400 ? [...refusalMessages(answer.body), ...hints.map(([n, v]) => `${n}: ${v}`)] : [];
  output.replaceChildren(
    el("p", { "data-console": "status" }, [
      el("strong", {}, [String(answer.status)]),
      ` ${answer.method} ${answer.url}`,
    ]),
    ...(why.length > 0
      ? [
          el("div", { class: "xads-console-why", "data-console": "why" }, [
            el("p", {}, ["Why the emulator refused:"]),
            el(
              "ul",
              {},
              why.map((w) => el("li", {}, [w])),
            ),
          ]),
        ]
      : []),
    el("details", {}, [
      el("summary", {}, ["Headers"]),
      el("pre", {}, [answer.headers.map(([n, v]) => `${n}: ${v}`).join("\n")]),
    ]),
    el("pre", { "data-console": "body", tabindex: "0" }, [pretty(answer.body)]),
  );
}
