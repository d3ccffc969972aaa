// Reading a recording (a signing proxy's or the emulator's) with the emulator's one reader: a
// directory (recording.har.gz or recording.har) or a HAR file, compressed or not.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parseRecording } from "@xads/emulator";

/** @typedef {import("@xads/emulator").Recording} Recording */
/** @typedef {import("@xads/emulator").HarEntry} HarEntry */

/** @param {string} path */
function fileOf(path) {
  if (!statSync(path).isDirectory()) return path;
  const found = ["recording.har.gz", "recording.har"].map((name) => join(path, name)).find((f) => existsSync(f));
  if (!found) throw new Error(`${path}: no recording.har.gz or recording.har in it`);
  return found;
}

/** @param {string} path @returns {Recording} */
export function readRecordingFile(path) {
  const bytes = readFileSync(fileOf(path));
  const text = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString("utf8") : bytes.toString("utf8");
  return parseRecording(text);
}

/** @param {HarEntry["response"]["headers"]} pairs @param {string} name */
export const headerOf = (pairs, name) => pairs.find((p) => p.name.toLowerCase() === name)?.value;

/** The answer's body: parsed JSON when it is JSON, else its text; undefined without one. @param {HarEntry} entry */
export function bodyOf(entry) {
  const text = entry.response.content.text;
  if (text === undefined || text === "") return undefined;
  if (entry.response.content.encoding === "base64") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
