// The generated sample the upload panel offers: bytes labelled video/mp4, large enough to take several
// APPENDs at the panel's default chunk size. It opens with an MP4 `ftyp` box; the rest is filler, which
// the emulator does not read (it keeps each segment's size).
export const SAMPLE_MEDIA_TYPE = "video/mp4";
export const SAMPLE_BYTES = 2.5 * 1024 * 1024;
/** The panel's default chunk size: 1 MiB, so the sample takes three APPENDs. */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;

const FTYP_BOX = [0, 0, 0, 0x20, ..."ftypisom"].map((c) => (typeof c === "number" ? c : c.charCodeAt(0)));

export function sampleVideo() {
  const bytes = new Uint8Array(SAMPLE_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 7) & 0xff;
  bytes.set(FTYP_BOX);
  return new Blob([bytes], { type: SAMPLE_MEDIA_TYPE });
}
