// Serves @xads/emulator on the documents' ports for `pnpm start`, in this process: one port per
// document, each with the document's ready request as a curl line. Lenient auth unless told strict,
// so that the printed curl lines (any `Authorization: OAuth ...`) answer 200.
import { curlLine, tryRequest } from "@xads/mock";

/** @typedef {import("@xads/spec/lib/model.mjs").SpecDocument} SpecDocument */
/**
 * @typedef {{
 *   name: string,
 *   title: string,
 *   url: string,
 *   standsFor: string | null,
 *   try: string,
 * }} ServedDocument
 */

/** Thrown when a document's port is taken; `document` and `port` say which. */
export class EmulatorPortInUseError extends Error {
  /**
   * @param {string} document
   * @param {number} port
   */
  constructor(document, port) {
    super(`port ${port} (${document}) is already in use`);
    this.name = "EmulatorPortInUseError";
    this.document = document;
    this.port = port;
  }
}

/**
 * @param {{
 *   documents: SpecDocument[],
 *   ports: Record<string, number>,
 *   host: string,
 *   strictAuth: boolean,
 * }} options
 */
export async function startEmulator({ documents, ports, host, strictAuth }) {
  // Imported only now: `pnpm start` builds the emulator first (its dist is not committed).
  const { createEmulator } = await import("@xads/emulator");
  const emulator = await createEmulator({ auth: strictAuth ? "strict" : "lenient", rateLimits: true });
  let served;
  try {
    served = await emulator.listen({ ports, host });
  } catch (error) {
    const { code, document, port } = /** @type {NodeJS.ErrnoException & { document?: string, port?: number }} */ (
      error
    );
    if (code === "EADDRINUSE" && document && port !== undefined) throw new EmulatorPortInUseError(document, port);
    throw error;
  }
  const urls = /** @type {Record<string, string>} */ (served.urls);
  /** @type {ServedDocument[]} */
  const servers = documents.map((document) => {
    const operation = document.operations().find((o) => o.id === document.tryOperation);
    if (!operation)
      throw new Error(`${document.name}: tryOperation ${document.tryOperation} is not one of its operations`);
    const url = urls[document.name] ?? "";
    return {
      name: document.name,
      title: document.title,
      url,
      standsFor: document.servers[0]?.url ?? null,
      try: curlLine(url, tryRequest(operation)),
    };
  });
  return { emulator, servers, fixture: emulator.fixture, stop: () => served.close() };
}
