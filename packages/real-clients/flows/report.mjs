// Each flow's outcome as one JSON line on stdout, read by the test: a flow that throws is a failure
// with its message (the clients' errors carry the answer's status and body, never a secret).

/**
 * Runs the named flows one after another and prints a line each.
 * @param {Record<string, () => Promise<unknown>>} flows
 */
export async function runFlows(flows) {
  // A client's parallel requests may reject after its flow has failed: reported, not fatal.
  process.on("unhandledRejection", (reason) => {
    console.error(`unhandled after a flow: ${reason instanceof Error ? reason.message : String(reason)}`);
  });
  const only = process.argv.slice(2);
  for (const [name, flow] of Object.entries(flows)) {
    if (only.length > 0 && !only.includes(name)) continue;
    try {
      const detail = await flow();
      console.log(JSON.stringify({ flow: name, ok: true, detail }));
    } catch (error) {
      const data = /** @type {{ data?: unknown }} */ (error)?.data;
      const message = error instanceof Error ? error.message : String(error);
      console.log(
        JSON.stringify({ flow: name, ok: false, detail: data ? `${message} ${JSON.stringify(data)}` : message }),
      );
    }
  }
}

/**
 * @param {unknown} condition
 * @param {string} message
 * @returns {asserts condition}
 */
export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** The emulator's fixture, handed over by the test (published fixture values, not secrets). */
export const fixture = JSON.parse(process.env.XADS_FIXTURE ?? "{}");
