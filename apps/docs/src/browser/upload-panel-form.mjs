// The upload panel's form: what to upload (the generated sample or a file of the reader's), its media
// type, its media category (the upload document's MediaCategory values) and the chunk size. It checks
// the choice (upload-panel-check.mjs) and shows each problem beside its field; a choice with problems is
// never handed on.
import { mediaCategoryValues, uploadLimits } from "@xads/types/facts";
import { el } from "./dom.mjs";
import { grouped, uploadProblems } from "./upload-panel-check.mjs";
import { DEFAULT_CHUNK_BYTES, SAMPLE_BYTES, SAMPLE_MEDIA_TYPE, sampleVideo } from "./upload-panel-sample.mjs";

/** @typedef {import("@xads/types/facts").MediaCategory} MediaCategory */
/** @typedef {{ media: Blob, mediaType: string, mediaCategory: MediaCategory, chunkSize: number }} UploadChoice */

/** @param {(choice: UploadChoice) => void} onUpload */
export function uploadForm(onUpload) {
  const sample = el("input", { type: "radio", name: "source", value: "sample", checked: "" });
  const own = el("input", { type: "radio", name: "source", value: "file" });
  const file = el("input", { type: "file", name: "file", "data-upload": "file" });
  const mediaType = el("input", { name: "mediaType", value: SAMPLE_MEDIA_TYPE, "data-upload": "media-type" });
  const category = el("select", { name: "mediaCategory", "data-upload": "category" });
  for (const value of mediaCategoryValues) category.append(el("option", { value }, [value]));
  category.value = "amplify_video";
  const chunkSize = el("input", {
    type: "number",
    name: "chunkSize",
    value: String(DEFAULT_CHUNK_BYTES),
    min: "1",
    step: "1",
    "data-upload": "chunk-size",
    "aria-describedby": "xads-upload-chunk-hint",
  });
  const problems = el("div", { id: "xads-upload-problems", role: "alert", "data-upload": "problems" });
  /** @type {Record<string, { input: HTMLInputElement, hint?: string }>} */
  const fields = {
    file: { input: file },
    mediaType: { input: mediaType },
    chunkSize: { input: chunkSize, hint: "xads-upload-chunk-hint" },
  };

  file.addEventListener("change", () => {
    own.checked = true;
    const chosen = file.files?.[0];
    if (chosen?.type) mediaType.value = chosen.type;
  });
  sample.addEventListener("change", () => {
    mediaType.value = SAMPLE_MEDIA_TYPE;
  });

  const form = el("form", { class: "xads-upload-form", novalidate: "" }, [
    el("fieldset", {}, [
      el("legend", {}, ["What to upload"]),
      el("label", { class: "xads-upload-choice" }, [
        sample,
        ` The generated sample: ${grouped(SAMPLE_BYTES)} bytes labelled ${SAMPLE_MEDIA_TYPE}`,
      ]),
      el("label", { class: "xads-upload-choice" }, [own, " A file from this device"]),
      el("label", {}, ["File", file]),
    ]),
    el("label", {}, ["Media type", mediaType]),
    el("label", {}, ["Media category", category]),
    el("label", {}, ["Chunk size (bytes)", chunkSize]),
    el("p", { id: "xads-upload-chunk-hint", class: "xads-upload-hint" }, [
      `At most ${grouped(uploadLimits.maxChunkBytes)} bytes per APPEND and ${grouped(uploadLimits.maxSegments)} APPENDs (the upload document's limits).`,
    ]),
    problems,
    el("button", { type: "submit", "data-upload": "start" }, ["Upload"]),
  ]);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosenFile = own.checked ? file.files?.[0] : undefined;
    const media = own.checked ? chosenFile : sampleVideo();
    const choice = { size: media?.size, mediaType: mediaType.value.trim(), chunkSize: Number(chunkSize.value) };
    const found = uploadProblems(choice);
    for (const [name, { input, hint }] of Object.entries(fields)) {
      const wrong = found.some((p) => p.field === name);
      if (wrong) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      const describedBy = [hint, wrong ? problems.id : undefined].filter(Boolean).join(" ");
      if (describedBy) input.setAttribute("aria-describedby", describedBy);
      else input.removeAttribute("aria-describedby");
    }
    problems.replaceChildren(
      ...(found.length > 0
        ? [
            el("p", {}, ["Nothing was sent:"]),
            el(
              "ul",
              {},
              found.map((p) => el("li", {}, [p.message])),
            ),
          ]
        : []),
    );
    if (found.length > 0 || !media) return;
    onUpload({
      media,
      mediaType: choice.mediaType,
      mediaCategory: /** @type {MediaCategory} */ (category.value),
      chunkSize: choice.chunkSize,
    });
  });
  return form;
}
