// The CLI's --ports auth=4010,ads=4011,...: a port per document.
import type { DocumentName } from "./serve.js";

export function parsePorts(text: string | undefined): Partial<Record<DocumentName, number>> {
  if (!text) return {};
  return Object.fromEntries(
    text.split(",").map((pair) => {
      const [name, port] = pair.split("=");
      if (!name || !port || !/^\d+$/.test(port)) throw new Error(`--ports: "${pair}" is not document=port`);
      return [name, Number(port)];
    }),
  );
}
