// The options of `pnpm start`: what it serves (the emulator by default, Prism's example mocks with
// --static) and, for the emulator, whether it verifies OAuth 1.0a signatures (--strict-auth).

/** Thrown for an argument the start does not know; its message names it and the usage. */
export class UsageError extends Error {
  /** @override */
  name = "UsageError";
}

export const USAGE = `Usage: npx -y pnpm@10 start [--static] [--strict-auth]
  (default)      serve the emulator (@xads/emulator): stateful, lenient auth, rate limits on
  --static       serve Prism's example mocks instead (stateless answers from the spec's examples)
  --strict-auth  the emulator verifies OAuth 1.0a signatures against the fixture credentials`;

/**
 * @param {string[]} argv the arguments after the script
 * @returns {{ mode: "emulator" | "static", strictAuth: boolean, help: boolean }}
 */
export function parseStartArgs(argv) {
  const options = { mode: /** @type {"emulator" | "static"} */ ("emulator"), strictAuth: false, help: false };
  for (const arg of argv) {
    if (arg === "--static") options.mode = "static";
    else if (arg === "--strict-auth") options.strictAuth = true;
    else if (arg === "--help" || arg === "-h") options.help = true;
    // `pnpm start -- --static` passes the separator on.
    else if (arg !== "--") throw new UsageError(`unknown option ${arg}\n${USAGE}`);
  }
  if (options.mode === "static" && options.strictAuth)
    throw new UsageError(
      `--strict-auth applies to the emulator, not to --static (Prism checks no signature)\n${USAGE}`,
    );
  return options;
}
