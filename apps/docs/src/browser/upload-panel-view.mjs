// What the upload panel shows of a running upload: the progress, one line per request and per wait, and
// the result (media id, media key, size, final state) or why it stopped.
import { el } from "./dom.mjs";
import { grouped } from "./upload-panel-check.mjs";

/** @typedef {import("./upload-panel-log.mjs").LogLine} LogLine */
/** @typedef {import("@xads/client").UploadProgress} UploadProgress */
/** @typedef {import("@xads/client").UploadedMedia} UploadedMedia */

export function uploadView() {
  const bar = el("progress", { max: "1", value: "0" });
  const status = el("p", { "aria-live": "polite", "data-upload": "status" }, ["Nothing sent yet."]);
  const lines = el("ol", { "data-upload": "log" });
  const outcome = el("div", { "data-upload": "outcome" });
  const section = el("div", { class: "xads-upload-view" }, [
    el("label", {}, ["Progress", bar]),
    status,
    el("h3", { id: "xads-upload-log-title" }, ["Requests"]),
    el("div", { class: "xads-upload-log", role: "region", "aria-labelledby": "xads-upload-log-title", tabindex: "0" }, [
      lines,
    ]),
    outcome,
  ]);
  /** @param {[string, string][]} rows */
  const result = (rows) =>
    el(
      "dl",
      { "data-upload": "result" },
      rows.flatMap(([term, value]) => [el("dt", {}, [term]), el("dd", {}, [value])]),
    );
  return {
    section,
    reset() {
      bar.value = 0;
      status.textContent = "Starting…";
      lines.replaceChildren();
      outcome.replaceChildren();
    },
    /** @param {LogLine} line */
    line(line) {
      const attributes = {
        "data-command": line.command,
        ...(line.status ? { "data-status": String(line.status) } : {}),
      };
      lines.append(el("li", attributes, [line.text]));
    },
    /** @param {UploadProgress} progress */
    progress({ phase, bytesSent, totalBytes, percent }) {
      bar.value = phase === "upload" ? bytesSent / totalBytes : (percent ?? 0) / 100;
      status.textContent =
        phase === "upload"
          ? `Sent ${grouped(bytesSent)} of ${grouped(totalBytes)} bytes.`
          : `Processing: ${percent ?? 0} %.`;
    },
    /** @param {UploadedMedia} media */
    done(media) {
      bar.value = 1;
      status.textContent = "Done.";
      outcome.replaceChildren(
        result([
          ["Media id", media.mediaId],
          ["Media key", media.mediaKey ?? "none given"],
          ["Size", media.size === undefined ? "not given" : `${grouped(media.size)} bytes`],
          ["Final state", media.processingInfo?.state ?? "ready at FINALIZE (no processing)"],
        ]),
      );
    },
    /** @param {string} message */
    failed(message) {
      status.textContent = "Stopped.";
      outcome.replaceChildren(el("p", { role: "alert", "data-upload": "failure" }, [`The upload stopped: ${message}`]));
    },
  };
}
