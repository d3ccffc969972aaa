// The emulator's controls in the console: start again from the fixture, move its clock, make the next
// request of an operation fail. They are the worker's `_emulator/` routes on the site's own origin.
import { el } from "./dom.mjs";

/**
 * @param {URL} siteRoot
 * @param {() => string} selectedOperation the operation a new fault applies to
 */
export function controlsPanel(siteRoot, selectedOperation) {
  const status = el("p", { "aria-live": "polite", "data-console": "control-status" });
  /** @param {string} name @param {string} method @param {unknown} [body] */
  const call = async (name, method, body) => {
    const response = await fetch(new URL(`_emulator/${name}`, siteRoot), {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    status.textContent = `${name}: ${response.status} ${await response.text()}`;
  };
  const seconds = el("input", { type: "number", min: "0", value: "900", "aria-label": "Seconds to advance" });
  const faultStatus = el("input", {
    type: "number",
    min: "400",
    max: "599",
    value: "503",
    "aria-label": "Fault status",
  });
  /** @param {string} label @param {() => Promise<void>} run @param {string} name */
  const button = (label, run, name) => {
    const b = el("button", { type: "button", "data-console": name }, [label]);
    b.addEventListener("click", () => void run());
    return b;
  };
  return el("fieldset", { class: "xads-console-controls" }, [
    el("legend", {}, ["Emulator"]),
    button("Reset to the fixture", () => call("reset", "POST"), "reset"),
    el("label", {}, ["Advance the clock by (s) ", seconds]),
    button("Advance", () => call("clock", "POST", { advance: Number(seconds.value) * 1000 }), "advance"),
    el("label", {}, ["Next request of the selected operation fails with ", faultStatus]),
    button(
      "Add fault",
      () => call("faults", "POST", { operationId: selectedOperation(), status: Number(faultStatus.value) }),
      "fault",
    ),
    status,
  ]);
}
