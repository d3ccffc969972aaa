// The log file that takes the build's and the servers' output, so the terminal keeps only what a
// person needs.
import { createWriteStream, mkdirSync } from "node:fs";
import { dirname } from "node:path";

/** @typedef {ReturnType<typeof openLog>} Log */

/**
 * Opens (and truncates) the log; `write(source, text)` prefixes each line with its source.
 * @param {string} path
 */
export function openLog(path) {
  mkdirSync(dirname(path), { recursive: true });
  const stream = createWriteStream(path, { flags: "w" });
  return {
    path,
    /**
     * @param {string} source
     * @param {string} text
     */
    write(source, text) {
      for (const line of text.split("\n")) if (line !== "") stream.write(`[${source}] ${line}\n`);
    },
    close() {
      return /** @type {Promise<void>} */ (new Promise((done) => stream.end(done)));
    },
  };
}
